// The shared setup of the transcription tests (test/integration/transcription*.test.ts): the
// real Silero VAD and tiktoken vocabulary with generated Whisper/diarization models of the
// published signatures (asr-engines/test-fixtures), a loopback file server, and HTTP helpers.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import {
  writeConversation,
  type ReferenceTurn,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/speaker-mix.ts';
import { writeAsrTestPacks } from './asr-packs.ts';
import { startEngine, type TestEngine } from './engine.ts';
import { realData, realModel } from './requirements.ts';
import { makeTempDir } from './temp-dir.ts';

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech');
const ready = tiktoken !== null && vad !== null && speech !== null;
// Exported as a list: a module-local const keeps narrowing through `ready` in this file.
export { tiktoken, vad, speech, ready };

export const temp = makeTempDir('transcription-');
export let engine: TestEngine;
export let files: HttpServer;
export let conversation = '';
export let reference: ReferenceTurn[] = [];

export interface HttpServer {
  url: string;
  close(): Promise<void>;
}

/** Serves files of a folder over loopback HTTP (the engine's owner allows loopback sources). */
export async function serveFolder(dir: string): Promise<HttpServer> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? ''));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'audio/wav' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function auth(extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}`, ...extra };
}

export async function api<T>(
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: auth(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    body: (type.includes('json') ? await res.json() : await res.text()) as T,
  };
}

export async function upload(
  parts: { name: string; file?: string; bytes?: Uint8Array; filename?: string; value?: string }[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.value !== undefined) form.append(p.name, p.value);
    else
      form.append(
        p.name,
        new Blob([p.bytes ?? fs.readFileSync(p.file ?? '')]),
        p.filename ?? path.basename(p.file ?? 'x.wav'),
      );
  }
  const res = await fetch(`${engine.api}/transcription/transcribe-upload`, {
    method: 'POST',
    headers: auth(),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export interface Status {
  status: string;
  progress: number;
  error: string | null;
  job_type: string;
}

export async function finished(jobId: number): Promise<Status> {
  for (;;) {
    const { body } = await api<Status>('GET', `/transcription/status/${jobId}`);
    if (!['PENDING', 'PROCESSING'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Segment {
  id: number;
  file_index: number;
  speaker: string | null;
  speaker_label: string | null;
  text: string;
  start: number;
  end: number;
  confidence: number | null;
  words: { word: string; start: number; end: number; confidence: number | null }[];
  edited: boolean;
}

export interface Result {
  status: string;
  project_id: string;
  language: string;
  text: string;
  speakers: { label: string; name: string; renamed: boolean }[];
  segments: Segment[];
  files: { filename: string; audio_url: string | null; source_url: string | null }[];
}

export async function balance(): Promise<number> {
  return (await api<{ total_available_credits: number }>('GET', '/credits')).body
    .total_available_credits;
}

/**
 * One engine per test file with the ASR test packs (when the real assets are here), a loopback
 * file server for source_urls, and the two-speaker conversation with its reference turns.
 */
export function useTranscriptionEngine(): void {
  beforeAll(async () => {
    const packs = ready
      ? writeAsrTestPacks(
          temp.dir,
          { tiktoken, vad },
          { words: [' Hello', ' there', '.'], language: 'en', diarization: true },
        )
      : null;
    files = await serveFolder(temp.dir);
    engine = await startEngine(
      {
        // Receivers anywhere on this machine (the webhook test points at the discard port, 9).
        webhooksLoopbackPorts: [{ from: 1, to: 65535 }],
        // source_urls go through the one fetcher, which reaches this test's server by opt-in.
        fetchAllowLoopback: [Number(new URL(files.url).port)],
        ...(packs && { modelsDir: packs.modelsDir }),
      },
      packs ? { manifestsDir: packs.manifestsDir } : {},
    );
    if (ready) {
      const ffmpeg = await resolveFfmpeg({ setting: null });
      conversation = path.join(temp.dir, 'conversation.wav');
      reference = await writeConversation(ffmpeg, speech, conversation);
      fs.copyFileSync(
        path.join(speech, 'picovoice_multilingual', 'test.wav'),
        path.join(temp.dir, 'clip.wav'),
      );
    }
  });
  afterAll(async () => {
    await engine.stop();
    await files.close();
    temp.cleanup();
  });
}
