/**
 * Mastering every planned file, two at a time: its narrated section header, its takes at one
 * sample rate, the mastering chain (master-chain.ts) and the verdict on the encoded MP3. Progress
 * goes to the job and to the sidecar, per chapter.
 */
import path from 'node:path';
import type { PlannedFile } from './export-plan.ts';
import type { ExportRun } from './export-run.ts';
import type { FileReport } from './export-schemas.ts';
import { masterToMp3 } from './master-chain.ts';
import { atRate, narratorVoice, speakClip } from './speech-clip.ts';
import { validateMeasurement } from './validator.ts';

const CONCURRENCY = 2;

export interface MasteredFiles {
  measurements: Map<number, FileReport>;
  /** Seconds of each mastered file. */
  durations: Map<number, number>;
  /** Seconds of each file's spoken section header (where its narration starts). */
  headerSeconds: Map<number, number>;
}

async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
}

export async function masterFiles(run: ExportRun): Promise<MasteredFiles> {
  const { books, project, input, ffmpeg, signal, plan, work, pkg, sidecar, save, progress } = run;
  // Speech the export adds: credits and section headers.
  progress({ percent: 2, stage: 'narrating credits and section headers' });
  const voice = narratorVoice(books, project);
  const totalSeconds =
    plan.reduce((s, f) => s + f.takes.reduce((n, t) => n + t.seconds, 0), 0) + 60;
  const done = new Map<number, number>();
  const report = (): void => {
    const seconds = [...done.values()].reduce((a, b) => a + b, 0);
    progress({ percent: 5 + (seconds / totalSeconds) * 85, stage: 'mastering chapters' });
  };
  const tags = (f: PlannedFile, i: number) => ({
    title: f.title,
    album: project.title,
    artist: project.author || 'Unknown author',
    narrator: input.narrator_name,
    publisher: project.publisher,
    track: `${i + 1}/${plan.length}`,
  });
  const measurements = new Map<number, FileReport>();
  const durations = new Map<number, number>();
  const headerSeconds = new Map<number, number>();
  await eachLimited(plan, CONCURRENCY, async (f, i) => {
    const row = sidecar.chapters[i]!;
    row.status = 'mastering';
    save();
    const clip = await speakClip(
      books,
      ffmpeg,
      project,
      voice,
      f.header,
      path.join(work, `header-${i}.flac`),
      signal,
    );
    headerSeconds.set(i, clip.seconds);
    const rate = f.takes[0]?.sampleRate ?? clip.sampleRate;
    const inputs = [
      await atRate(ffmpeg, clip, rate, path.join(work, `header-${i}-${rate}.flac`), signal),
    ];
    for (const [k, take] of f.takes.entries())
      inputs.push(await atRate(ffmpeg, take, rate, path.join(work, `take-${i}-${k}.flac`), signal));
    const master = await masterToMp3(ffmpeg, {
      inputs,
      sampleRate: rate,
      output: path.join(pkg, f.file),
      workDir: work,
      tags: tags(f, i),
      targetRmsDb: input.target_rms_db,
      seed: i + 1,
      signal,
      onProgress: (fraction) => {
        row.percent = Math.round(fraction * 90);
        if (fraction >= 1 && row.status === 'mastering') {
          row.status = 'measuring';
          save();
        }
        done.set(i, fraction * f.takes.reduce((n, t) => n + t.seconds, clip.seconds));
        report();
      },
    });
    const verdict = validateMeasurement(master.measurement, 'chapter');
    measurements.set(i, {
      file: f.file,
      kind: f.kind,
      title: f.title,
      chapter_number: f.chapterNumber,
      passed: verdict.passed,
      violations: verdict.violations,
      measurement: master.measurement,
    });
    durations.set(i, master.measurement.duration_seconds);
    row.status = verdict.passed ? 'done' : 'failed';
    row.percent = 100;
    save();
  });
  return { measurements, durations, headerSeconds };
}
