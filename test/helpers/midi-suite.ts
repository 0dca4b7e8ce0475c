// The shared setup of the Audio to MIDI tests (test/integration/midi*.test.ts): the real Basic
// Pitch model and piano render, a local server for url inputs, HTTP helpers, and the ground truth.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import MidiPackage from '@tonejs/midi';
import { afterAll, beforeAll, expect } from 'vitest';
import { systemFfmpeg } from './audio-fixtures.ts';
import { startEngine, type TestEngine } from './engine.ts';
import { realData, realModel } from './requirements.ts';
import { makeTempDir } from './temp-dir.ts';

export const { Midi } = MidiPackage;
export type Json = Record<string, unknown>;

const model = realModel('midi/nmp.onnx');
const music = realData('music/piano_midi_de');
const ready = model !== null && music !== null;
// Exported as a list: a module-local const keeps narrowing through `ready` in this file.
export { model, music, ready };

export let engine: TestEngine;
export let work: { dir: string; cleanup: () => void };
export let server: http.Server;
export let serverUrl = '';
export let piano = '';
export let tenHours = '';
export const ffmpegPath = systemFfmpeg();

export function run(args: string[]): void {
  execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

export function auth(): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}` };
}

export function form(fields: Record<string, string>, file?: string, name?: string): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file !== undefined)
    body.set('file', new Blob([fs.readFileSync(file)]), name ?? path.basename(file));
  return body;
}

export async function convert(
  body: FormData,
  on: TestEngine = engine,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${on.api}/midi/convert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${on.token}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Waits on the generic jobs route (the MIDI status route is rate limited), then reads it once. */
export async function waitDone(id: number, timeoutMs = 300_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${engine.api}/jobs/${id}`, { headers: auth() });
    expect(res.status).toBe(200);
    const job = (await res.json()) as Json;
    if (['completed', 'failed', 'cancelled'].includes(String(job.status))) break;
    if (Date.now() > until) throw new Error(`MIDI job ${id} still ${String(job.status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

export async function creditsUsed(): Promise<number> {
  const res = await fetch(`${engine.api}/credits`, { headers: auth() });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total_credits_used: number }).total_credits_used;
}

export async function engineAlive(): Promise<void> {
  expect((await fetch(`${engine.api}/health`)).status).toBe(200);
}

export function groundTruth(seconds: number) {
  return fs
    .readFileSync(path.join(music!, 'bach_846.excerpt60.notes.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map((c) => ({ onset: Number(c[0]), pitch: Number(c[2]) }))
    .filter((n) => n.onset < seconds - 0.5);
}

export async function midiAt(url: unknown): Promise<InstanceType<typeof Midi>> {
  expect(typeof url).toBe('string');
  const res = await fetch(url as string);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/midi/);
  return new Midi(new Uint8Array(await res.arrayBuffer()));
}

/**
 * One engine per test file that may fetch url inputs from this machine, a local server for them,
 * and the piano render (with ten hours of silence) when the real model and data are here.
 */
export function useMidiEngine(): void {
  beforeAll(async () => {
    work = makeTempDir('midi-it-');
    if (ready) {
      // 20 s of the Bach prelude render keeps the suite quick on two cores.
      piano = path.join(work.dir, 'bach.flac');
      run(['-i', path.join(music, 'bach_846.excerpt60.flac'), '-t', '20', piano]);
      tenHours = path.join(work.dir, 'ten-hours.flac');
      run([
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=8000:cl=mono',
        '-t',
        '36000',
        '-c:a',
        'flac',
        tenHours,
      ]);
    }
    server = http.createServer((req, res) => {
      if (req.url === '/bach.flac') {
        res.writeHead(200, { 'Content-Type': 'audio/flac' });
        fs.createReadStream(piano).pipe(res);
      } else if (req.url === '/moved') {
        res.writeHead(302, { Location: '/bach.flac' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The owner's loopback opt-in (the webhooks switch) lets url inputs reach the local server.
    engine = await startEngine({ fetchAllowLoopback: 'any' });
  });
  afterAll(async () => {
    await engine?.stop();
    await new Promise((resolve) => server.close(resolve));
    work.cleanup();
  });
}
