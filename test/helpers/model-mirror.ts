/**
 * A model mirror for tests (docs/api/models.md, "Mirror and disk"): a real HTTP server on
 * 127.0.0.1 serving a folder laid out as `<root>/<host>/<path>`, which is how the installer asks
 * a `TAPEHOUSE_MODEL_MIRROR` for `https://<host>/<path>`. It also answers the Hugging Face Hub's
 * tree listing of a commit (`/huggingface.co/api/models/<repo>/tree/<commit>?recursive=1`),
 * computed from the files published under `huggingface.co/<repo>/resolve/<commit>/`: LFS files
 * get `lfs.oid` (sha256) and `size`, small files their git blob id, as the Hub does.
 *
 * Switches for the failure paths: `cut()` makes the next downloads of a file stop after some
 * bytes (by default the response is sent without a length and ends there, so the client gets
 * exactly those bytes; `drop` destroys the socket instead, as a dropped connection does, and
 * the client keeps whatever it had read), `corrupt()` serves other bytes of
 * the same size, `ignoreRanges` answers 200 to a Range request, `pageSize` pages the listing
 * with a `Link: <…>; rel="next"` header. Range requests (`bytes=N-`) are answered with 206.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** File names the Hub stores in LFS by default (its .gitattributes), besides anything ≥ 10 MiB. */
const LFS_NAME =
  /\.(onnx|onnx_data|bin|pt|pth|ckpt|safetensors|model|npz|npy|tar|tar\.bz2|tbz2|tar\.gz|tgz|gz|bz2|zip|wav|msgpack|h5|tflite)$/;
const LFS_MIN_BYTES = 10 * 1024 * 1024;

export interface MirrorRequest {
  method: string;
  /** The path asked for, query included. */
  path: string;
  range: string | null;
  status: number;
  /** Body bytes sent (before a cut). */
  sent: number;
}

export interface ModelMirror {
  /** The base URL to set as TAPEHOUSE_MODEL_MIRROR. */
  url: string;
  /** The folder served: `<root>/<host>/<path>`. */
  root: string;
  requests: MirrorRequest[];
  /** Places `content` (bytes, or a file to link) where the mirror serves the public `publicUrl`. */
  publish(publicUrl: string, content: Buffer | { file: string }): void;
  /** The mirror-side path of a public URL's file. */
  fileFor(publicUrl: string): string;
  /** The next `times` downloads of `publicUrl` stop after `bytes` bytes of the file. */
  cut(publicUrl: string, bytes: number, options?: { times?: number; drop?: boolean }): void;
  /** Holds downloads of `publicUrl` unanswered until `unstall()` or `restore()`. */
  stall(publicUrl: string): void;
  /** Answers the held downloads of `publicUrl` (other switches stay as they are). */
  unstall(publicUrl: string): void;
  /** Serves other bytes of the same size for `publicUrl` until `restore()`. */
  corrupt(publicUrl: string): void;
  restore(publicUrl?: string): void;
  /** Answer Range requests with the whole file (200), as some servers do. */
  ignoreRanges: boolean;
  /** Entries per listing page; 0: one page. */
  pageSize: number;
  /** Downloads of `publicUrl`'s file answer 404 (a mirror that lacks it). */
  hide(publicUrl: string): void;
  /** Requests for `publicUrl`'s file (path without query). */
  requestsFor(publicUrl: string): MirrorRequest[];
  close(): Promise<void>;
}

function mirrorPath(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `/${url.host}${url.pathname}`;
}

function walk(dir: string, base = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, rel);
    return fs.statSync(full).isFile() ? [rel] : [];
  });
}

function listingEntry(file: string, rel: string): Record<string, unknown> {
  const bytes = fs.readFileSync(file);
  const blob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const lfs = LFS_NAME.test(rel) || bytes.length >= LFS_MIN_BYTES;
  return {
    type: 'file',
    // An LFS file's git blob is its pointer; the Hub lists the pointer's id, not the bytes'.
    oid: lfs ? createHash('sha1').update(`pointer ${rel}`).digest('hex') : blob,
    size: bytes.length,
    path: rel,
    ...(lfs && {
      lfs: {
        oid: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        pointerSize: 134,
      },
    }),
  };
}

/** `/huggingface.co/api/models/<owner>/<name>/tree/<commit>` → the listing of that commit. */
function listing(root: string, pathname: string): Record<string, unknown>[] | null {
  const match = /^\/huggingface\.co\/api\/models\/([^/]+)\/([^/]+)\/tree\/([0-9a-f]{40})$/.exec(
    pathname,
  );
  if (!match) return null;
  const [, owner, name, commit] = match as unknown as [string, string, string, string];
  const dir = path.join(root, 'huggingface.co', owner, name, 'resolve', commit);
  if (!fs.existsSync(dir)) return null;
  return walk(dir)
    .sort()
    .map((rel) => listingEntry(path.join(dir, rel), rel));
}

function wrongBytes(content: Buffer): Buffer {
  return Buffer.from(content.map((b) => b ^ 0xff));
}

/** Starts a mirror serving `root` (created when missing). */
export async function startModelMirror(root: string): Promise<ModelMirror> {
  fs.mkdirSync(root, { recursive: true });
  const requests: MirrorRequest[] = [];
  const cuts = new Map<string, { bytes: number; times: number; drop: boolean }>();
  const corrupted = new Set<string>();
  const hidden = new Set<string>();
  const stalled = new Map<string, (() => void)[]>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mirror');
    const entry: MirrorRequest = {
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      range: req.headers.range ?? null,
      status: 0,
      sent: 0,
    };
    requests.push(entry);
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body?: Buffer): void => {
      entry.status = status;
      res.writeHead(status, headers);
      res.end(body);
      entry.sent = body?.length ?? 0;
    };
    const pathname = decodeURIComponent(url.pathname);
    const list = listing(root, pathname);
    if (list !== null) {
      const size = mirror.pageSize;
      const cursor = Number(url.searchParams.get('cursor') ?? '0');
      const page = size > 0 ? list.slice(cursor, cursor + size) : list;
      const next = size > 0 && cursor + size < list.length ? cursor + size : null;
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
      if (next !== null) {
        const nextUrl = new URL(url.href);
        nextUrl.searchParams.set('cursor', String(next));
        headers.link = `<${nextUrl.pathname}${nextUrl.search}>; rel="next"`;
      }
      answer(200, headers, Buffer.from(JSON.stringify(page)));
      return;
    }
    const waiting = stalled.get(pathname);
    if (waiting !== undefined) {
      waiting.push(() => serveFile(req, res, url, pathname, entry));
      return;
    }
    serveFile(req, res, url, pathname, entry);
  });

  const serveFile = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    pathname: string,
    entry: MirrorRequest,
  ): void => {
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body?: Buffer): void => {
      entry.status = status;
      res.writeHead(status, headers);
      res.end(body);
      entry.sent = body?.length ?? 0;
    };
    const file = path.join(root, ...pathname.split('/').filter((s) => s && s !== '..'));
    if (hidden.has(pathname) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      answer(404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
      return;
    }
    let content: Buffer = fs.readFileSync(file);
    if (corrupted.has(pathname)) content = wrongBytes(content);
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range && !mirror.ignoreRanges) {
      start = Number(range[1]);
      if (start >= content.length) {
        answer(416, { 'content-range': `bytes */${content.length}` });
        return;
      }
    }
    const body = content.subarray(start);
    const cut = cuts.get(pathname);
    let limit = body.length;
    let drop = false;
    if (cut !== undefined && cut.times > 0) {
      cut.times -= 1;
      limit = Math.max(0, Math.min(body.length, cut.bytes - start));
      drop = cut.drop;
    }
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    // A cut that ends cleanly sends no length, so nothing tells the client it is short.
    if (limit === body.length || drop) headers['content-length'] = body.length;
    if (start > 0)
      headers['content-range'] = `bytes ${start}-${content.length - 1}/${content.length}`;
    entry.status = start > 0 ? 206 : 200;
    res.writeHead(entry.status, headers);
    let offset = 0;
    const pump = (): void => {
      while (offset < limit) {
        const chunk = body.subarray(offset, Math.min(limit, offset + 16_384));
        offset += chunk.length;
        entry.sent = offset;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (limit < body.length && drop) {
        // The connection drops mid-file: what a flaky network or a restarted proxy does.
        setImmediate(() => res.socket?.destroy());
        return;
      }
      res.end();
    };
    pump();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mirror: ModelMirror = {
    url: `http://127.0.0.1:${port}`,
    root,
    requests,
    ignoreRanges: false,
    pageSize: 0,
    hide(publicUrl) {
      hidden.add(mirrorPath(publicUrl));
    },
    fileFor: (publicUrl) => path.join(root, ...mirrorPath(publicUrl).split('/').filter(Boolean)),
    publish(publicUrl, content) {
      const target = mirror.fileFor(publicUrl);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.rmSync(target, { force: true });
      if (Buffer.isBuffer(content)) fs.writeFileSync(target, content);
      else fs.symlinkSync(path.resolve(content.file), target);
    },
    cut(publicUrl, bytes, options = {}) {
      cuts.set(mirrorPath(publicUrl), {
        bytes,
        times: options.times ?? 1,
        drop: options.drop ?? false,
      });
    },
    stall(publicUrl) {
      stalled.set(mirrorPath(publicUrl), []);
    },
    unstall(publicUrl) {
      const waiting = stalled.get(mirrorPath(publicUrl)) ?? [];
      stalled.delete(mirrorPath(publicUrl));
      for (const go of waiting) go();
    },
    corrupt(publicUrl) {
      corrupted.add(mirrorPath(publicUrl));
    },
    restore(publicUrl) {
      const release = (key: string): void => {
        const waiting = stalled.get(key) ?? [];
        stalled.delete(key);
        for (const go of waiting) go();
      };
      if (publicUrl === undefined) {
        corrupted.clear();
        cuts.clear();
        for (const key of [...stalled.keys()]) release(key);
      } else {
        corrupted.delete(mirrorPath(publicUrl));
        cuts.delete(mirrorPath(publicUrl));
        release(mirrorPath(publicUrl));
      }
    },
    requestsFor(publicUrl) {
      const wanted = mirrorPath(publicUrl);
      return requests.filter((r) => r.path.split('?')[0] === wanted);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return mirror;
}
