/**
 * Builds the studio UI (renderer/) into dist/renderer. The engine serves that folder as the web
 * studio and Electron loads it, so asset URLs are relative (base './') and work from http:// and
 * file:// alike. In `npx vite` dev mode, /api goes to a locally running engine on its default port.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const ENGINE_DEV_URL = 'http://127.0.0.1:7341';

/**
 * Dev server only: the engine injects `<meta name="tapehouse-token">` when it serves index.html;
 * Vite's dev server does not, so `TAPEHOUSE_STUDIO_TOKEN=... npx vite` injects the same tag.
 */
function devStudioToken(): Plugin {
  return {
    name: 'tapehouse-dev-studio-token',
    apply: 'serve',
    transformIndexHtml(html) {
      const token = process.env.TAPEHOUSE_STUDIO_TOKEN;
      if (!token) return html;
      const escaped = token.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
      return html.replace(
        '</head>',
        `  <meta name="tapehouse-token" content="${escaped}" />\n</head>`,
      );
    },
  };
}

/**
 * Build only (the dev server needs inline scripts for React refresh): a Content-Security-Policy
 * for the built studio. `connect-src` names the loopback engine because Electron loads the
 * build from file://, where 'self' would not cover http://127.0.0.1:<port>.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Players (wavesurfer) play fetched audio as blob: URLs or straight from the engine.
  "media-src 'self' blob: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'tapehouse-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig(({ command, mode }) => {
  // Vite keeps an inherited NODE_ENV, and test runners set NODE_ENV=test: a production build
  // started from a test would then bundle React's development build. The build mode decides
  // instead (`vite build --mode development` still gives a development build).
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: 'renderer',
    base: './',
    plugins: [react(), devStudioToken(), contentSecurityPolicy()],
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
    },
    server: {
      host: '127.0.0.1',
      proxy: {
        '/api': {
          target: ENGINE_DEV_URL,
          changeOrigin: true,
          // The engine only accepts its own Origin (CSRF guard); the dev page lives on Vite's port.
          configure: (proxy) => {
            proxy.on('proxyReq', (proxyReq) => {
              if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', ENGINE_DEV_URL);
            });
          },
        },
      },
    },
  };
});
