/**
 * Engine cold start (spawn → `TAPEHOUSE_READY`) and idle memory (RSS once ready, after a
 * settle), against a peer measured in the same run: a bare Node HTTP server started the same
 * way. The ratio says what the engine's own start-up (migrations, recovery, ffmpeg check,
 * express, ONNX Runtime loading) costs on this machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../ensure-studio-built.ts';

interface Sample {
  readyMs: number;
  rssMb: number;
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

function measure(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!ready.test(out)) return;
      const readyMs = performance.now() - started;
      ready.lastIndex = 0;
      out = '';
      setTimeout(() => {
        const rssMb = rssOf(child.pid ?? 0);
        child.kill('SIGTERM');
        child.once('exit', () => resolve({ readyMs, rssMb }));
      }, 1500);
    });
    child.once('exit', (code) => {
      if (code !== null && code !== 0) reject(new Error(`${command} exited ${code}: ${err}`));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

interface Variant {
  label: string;
  args: string[];
  samples: Sample[];
}

export async function benchEngineStartup(runs = 5): Promise<void> {
  const variants: Variant[] = [
    {
      label: 'engine (tsx: npm run engine)',
      args: ['--import', 'tsx', 'engine/src/main.ts'],
      samples: [],
    },
  ];
  const built = path.join(ROOT, 'dist/engine/main.js');
  if (fs.existsSync(built))
    variants.push({ label: 'engine (built: Electron)', args: [built], samples: [] });
  else
    console.log(
      '(dist/engine/main.js missing: `npm run build:engine` benches the built engine too)',
    );
  const peer: Sample[] = [];
  const peerScript =
    "require('http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',()=>console.log('READY'))";
  for (let i = 0; i < runs; i++) {
    for (const variant of variants) {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-bench-'));
      try {
        const env = { ...process.env, TAPEHOUSE_HOME: home, TAPEHOUSE_PORT: '0' };
        variant.samples.push(
          await measure(process.execPath, variant.args, env, /TAPEHOUSE_READY /),
        );
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    }
    peer.push(await measure(process.execPath, ['-e', peerScript], process.env, /READY/));
  }
  const p = { ready: median(peer.map((s) => s.readyMs)), rss: median(peer.map((s) => s.rssMb)) };
  console.log(`engine startup (median of ${runs}, fresh data dir each run)`);
  for (const variant of variants) {
    const ready = median(variant.samples.map((s) => s.readyMs));
    const rss = median(variant.samples.map((s) => s.rssMb));
    console.log(
      `  ${variant.label.padEnd(30)} cold start ${ready.toFixed(0).padStart(5)} ms (×${(ready / p.ready).toFixed(1)})` +
        `   idle RSS ${rss.toFixed(1)} MiB (×${(rss / p.rss).toFixed(1)})`,
    );
  }
  console.log(
    `  ${'peer: bare node:http server'.padEnd(30)} cold start ${p.ready.toFixed(0).padStart(5)} ms` +
      `          idle RSS ${p.rss.toFixed(1)} MiB`,
  );
}
