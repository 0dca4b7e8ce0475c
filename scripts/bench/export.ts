/**
 * `npm run bench -- export`: wall time of the ACX export of a one-hour narrated book (target:
 * under 60 s on the 2-core CI machine), with a peer measured in the same run: one plain ffmpeg
 * pass over the same takes (concat demuxer → loudnorm → MP3 192 kbps), i.e. the least any
 * export of this audio costs, without per-chapter files, room tone, limiting, measurement,
 * validation, credits, sample or ZIP.
 *
 * The book is real narration: EXPORT_BENCH_MINUTES (default 60) of generated prose, pasted into
 * a project and narrated with the embedded eSpeak NG voice (its time is printed too).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../engine/src/config.ts';
import { createEngine } from '../../engine/src/engine.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';

const MINUTES = Number(process.env.EXPORT_BENCH_MINUTES ?? 60);
const WORDS_PER_MINUTE = 175;
const CHAPTERS = 10;

const SENTENCES = [
  'The harbour lights came on one by one as the evening fog rolled in from the grey sea.',
  'She folded the letter twice and placed it carefully inside the worn leather journal.',
  'Nobody in the village remembered when the old clock on the chapel tower had last been right.',
  'He walked along the cliff path, listening to the waves breaking on the rocks below.',
  'The market was crowded with traders selling apples, cheese, rope and bright woollen cloth.',
  'By the time the rain stopped, the river had risen almost to the top of the stone bridge.',
  'Her grandfather used to say that every storm carries a story for those who listen.',
  'The children ran across the meadow, chasing the shadows of the clouds above them.',
];

function bookText(): string {
  const words = MINUTES * WORDS_PER_MINUTE;
  const perChapter = Math.ceil(words / CHAPTERS);
  const chapters: string[] = [];
  let n = 0;
  for (let c = 1; c <= CHAPTERS; c++) {
    const paragraphs: string[] = [];
    let count = 0;
    while (count < perChapter) {
      const paragraph = Array.from({ length: 4 }, () => SENTENCES[n++ % SENTENCES.length]).join(
        ' ',
      );
      paragraphs.push(paragraph);
      count += paragraph.split(/\s+/).length;
    }
    chapters.push(`Chapter ${c}\n\n${paragraphs.join('\n\n')}`);
  }
  return chapters.join('\n\n\n');
}

export async function benchExport(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-bench-export-'));
  const token = 'bench-export';
  const engine = await createEngine(
    loadConfig({ ...process.env, TAPEHOUSE_PORT: '0' }, { home, port: 0 }),
    {
      studioToken: token,
      log: () => {},
    },
  );
  const url = await engine.listen();
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api/v1${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status >= 400)
      throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const wait = async (id: number): Promise<{ status: string; error_message: string | null }> => {
    for (;;) {
      const job = await call<{ status: string; error_message: string | null }>(
        'GET',
        `/jobs/${id}`,
      );
      if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  try {
    const voice = new StandardVoices().resolve('en-us')?.id ?? 0;
    const project = await call<{ id: string }>('POST', '/audiobook/projects', {
      title: 'Bench Book',
      author: 'Bench Author',
      selected_voice_id: voice,
      language: 'en-US',
    });
    const base = `/audiobook/projects/${project.id}`;
    await call('POST', `${base}/manuscript/paste`, { text: bookText() });
    await call('POST', `${base}/rights-attestation`);
    let t = performance.now();
    const batch = await call<{ job_id: number; total_paragraphs: number }>(
      'POST',
      `${base}/narration/batch`,
      {},
    );
    const narrated = await wait(batch.job_id);
    if (narrated.status !== 'completed')
      throw new Error(`narration ${narrated.status}: ${narrated.error_message}`);
    const narrationSeconds = (performance.now() - t) / 1000;
    const progress = await call<{ narrated_seconds: number }>('GET', `${base}/narration/progress`);
    console.log(
      `export bench: ${batch.total_paragraphs} paragraphs, ${(progress.narrated_seconds / 60).toFixed(1)} min narrated ` +
        `in ${narrationSeconds.toFixed(1)} s (eSpeak NG), ${os.cpus().length} cores`,
    );

    t = performance.now();
    const started = await call<{ job_id: number }>('POST', `${base}/export`, {});
    const exported = await wait(started.job_id);
    const exportSeconds = (performance.now() - t) / 1000;
    if (exported.status !== 'completed')
      throw new Error(`export ${exported.status}: ${exported.error_message}`);
    const status = await call<{
      report: { file: string; measurement: { duration_seconds: number } }[];
    }>('GET', `${base}/export/${started.job_id}/status`);
    const outputMinutes =
      status.report.reduce((s, r) => s + (r.measurement?.duration_seconds ?? 0), 0) / 60;

    // Peer: one ffmpeg pass over the same takes.
    const services = engine.services;
    const ffmpeg = (await services.ffmpeg.require()).path;
    const takes = services.books.repos.chapters
      .narratedParagraphs(project.id)
      .map((p) => services.books.takes.repo.byId(p.audioKey ?? ''))
      .filter((x) => x !== undefined)
      .map((take) => services.books.takes.file(take));
    const list = path.join(home, 'peer.ffconcat');
    fs.writeFileSync(list, `ffconcat version 1.0\n${takes.map((f) => `file '${f}'`).join('\n')}\n`);
    t = performance.now();
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-af', 'aresample=44100,loudnorm=I=-20:TP=-3', '-ar', '44100', '-ac', '1'],
      ...['-c:a', 'libmp3lame', '-b:a', '192k', path.join(home, 'peer.mp3')],
    ]);
    const peerSeconds = (performance.now() - t) / 1000;
    console.log(
      `  tapehouse export (ACX package, ${status.report.length} files, ${outputMinutes.toFixed(1)} min): ` +
        `${exportSeconds.toFixed(1)} s wall  (target < 60 s)`,
    );
    console.log(
      `  peer: ffmpeg concat + loudnorm + MP3 192k, one file:            ${peerSeconds.toFixed(1)} s wall`,
    );
    console.log(`  ratio export / peer: ${(exportSeconds / peerSeconds).toFixed(2)}×`);
  } finally {
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
