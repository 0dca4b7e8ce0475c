// Forced alignment in narration (docs/api/narration.md): a neural (Piper-format) take gets the
// word timings eSpeak takes have, and a narrator's own recording of a chapter — real speech
// (LJSpeech) with a paragraph skipped — is cut into one take per paragraph, the skipped one
// reported as not read.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { runFfmpeg } from '../../engine/src/audio/ffmpeg-run.ts';
import { probeMedia } from '../../engine/src/audio/probe.ts';
import { writeGeneratedPiperVoice } from '../../engine/src/features/voices/engines/piper/generated-piper-voice.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import {
  bookText,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { ROOT, startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('narration-align-');
const manifests = path.join(temp.dir, 'manifests');
const source = path.join(temp.dir, 'source');
const home = path.join(temp.dir, 'home');
const ljspeech = realData('speech/ljspeech');
let engine: TestEngine;
let api: Client;

interface Take {
  take_id: string;
  engine: string;
  text: string;
  duration_seconds: number;
  settings: Record<string, unknown>;
  timings: { kind: string; text_offset: number; text_length: number; start_seconds: number }[];
}

beforeAll(async () => {
  const voice = writeGeneratedPiperVoice(path.join(source, 'tts/piper'), 'en_GB-generated-medium', {
    languageCode: 'en_GB',
    espeakVoice: 'en-gb',
  });
  const entry = (file: string) => ({
    name: path.basename(file),
    path: `tts/piper/${path.basename(file)}`,
    url: `https://example.com/${path.basename(file)}`,
    sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
    bytes: fs.statSync(file).size,
  });
  fs.mkdirSync(manifests, { recursive: true });
  fs.writeFileSync(
    path.join(manifests, 'piper-generated.json'),
    JSON.stringify({
      manifestVersion: 1,
      id: 'piper-generated',
      task: 'tts',
      engine: 'piper',
      version: '1.0.0',
      title: 'Generated Piper voice',
      description: 'generated for tests',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      voices: [{ id: 'en_GB-generated-medium', name: 'Generated', language: 'en-GB' }],
      files: [entry(voice.modelPath), entry(voice.configPath)],
    }),
  );
  fs.mkdirSync(home, { recursive: true });
  await installPack(
    new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests }),
    'piper-generated',
    { from: source },
  );
  // The real Silero VAD refines word edges (the chapter import's cuts) as in production.
  const vad = realModel('vad/silero_vad.onnx');
  if (vad)
    fs.copyFileSync(
      path.join(ROOT, 'models', 'silero-vad.json'),
      path.join(manifests, 'silero-vad.json'),
    );
  engine = await startEngine(
    { home, modelsDir: vad ? path.resolve(vad, '..', '..') : null },
    { manifestsDir: manifests },
  );
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

async function takesOf(projectId: string, paragraphId: string): Promise<Take[]> {
  const res = await api.get<{ takes: Take[] }>(
    `/audiobook/projects/${projectId}/paragraphs/${paragraphId}/takes`,
  );
  return res.body.takes;
}

describe('a neural take', () => {
  it('gets a word timing for every word, in order, from forced alignment', async () => {
    const voices = await api.get<{ voices: { id: number }[] }>(
      '/voice/voice-profiles?engine=piper',
    );
    const text = 'The rain fell softly on the quiet town.';
    const project = await createProject(api, {
      title: 'Neural words',
      selected_voice_id: voices.body.voices[0]?.id,
      language: 'en-GB',
    });
    await paste(api, project.id, bookText([{ title: 'One', paragraphs: [text] }]));
    await api.post(`/audiobook/projects/${project.id}/rights-attestation`);
    const batch = await api.post<{ job_id: number }>(
      `/audiobook/projects/${project.id}/narration/batch`,
      {},
    );
    expect((await waitForJob(api, batch.body.job_id)).status).toBe('completed');
    const chapters = await api.get<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const lines = await paragraphsOf(api, project.id, chapters.body.chapters[0]?.id ?? '');
    const line = lines.find((l) => String(l.text) === text);
    const [take] = await takesOf(project.id, String(line?.id));
    expect(take?.engine).toBe('piper');
    const words = take?.timings.filter((t) => t.kind === 'word') ?? [];
    expect(words.map((w) => text.slice(w.text_offset, w.text_offset + w.text_length))).toEqual([
      'The',
      'rain',
      'fell',
      'softly',
      'on',
      'the',
      'quiet',
      'town',
    ]);
    for (const [i, w] of words.entries()) {
      expect(w.start_seconds).toBeGreaterThanOrEqual(
        i === 0 ? 0 : (words[i - 1]?.start_seconds ?? 0),
      );
      expect(w.start_seconds).toBeLessThan(take?.duration_seconds ?? 0);
    }
  });
});

describe('a chapter recording', () => {
  it('becomes one take per paragraph read, and a skipped paragraph is reported', async () => {
    if (ljspeech === null) return;
    const manifest = fs.readFileSync(path.join(ljspeech, '..', 'manifest.tsv'), 'utf8');
    const textOf = (clip: string) =>
      manifest
        .split('\n')
        .find((row) => row.startsWith(`ljspeech/${clip}.wav\t`))
        ?.split('\t')[7] ?? '';
    const clips = ['LJ001-0009', 'LJ001-0011', 'LJ001-0013'];
    const texts = clips.map(textOf);
    expect(texts.every((t) => t.length > 10)).toBe(true);
    // The narrator reads the first and the third paragraph, with a pause between; not the second.
    const ffmpeg = await resolveFfmpeg({ setting: null });
    const recording = path.join(temp.dir, 'chapter.wav');
    const first = path.join(ljspeech, `${clips[0]}.wav`);
    const third = path.join(ljspeech, `${clips[2]}.wav`);
    await runFfmpeg(ffmpeg, [
      '-y',
      ...['-i', first, '-i', third],
      '-filter_complex',
      '[0:a]apad=pad_len=17640[a];[a][1:a]concat=n=2:v=0:a=1[out]',
      ...['-map', '[out]', recording],
    ]);
    const firstSeconds = (await probeMedia(ffmpeg, first)).duration_seconds ?? 0;

    const project = await createProject(api, { title: 'Read aloud', language: 'en-US' });
    await paste(api, project.id, bookText([{ title: 'One', paragraphs: texts }]));
    const chapters = await api.get<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const chapterId = chapters.body.chapters[0]?.id ?? '';
    const lines = await paragraphsOf(api, project.id, chapterId);
    const byText = (t: string) => lines.find((l) => String(l.text) === t)?.id ?? '';
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(recording)]), 'chapter.wav');
    const imported = await api.form<{
      duration: number;
      takes: { paragraph_id: string; take_id: string; start: number; end: number; match: number }[];
      not_read: { paragraph_id: string }[];
    }>(`/audiobook/projects/${project.id}/chapters/${chapterId}/recording`, form);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const took = new Map(imported.body.takes.map((t) => [t.paragraph_id, t]));
    const one = took.get(byText(texts[0] ?? ''));
    const three = took.get(byText(texts[2] ?? ''));
    // The skipped paragraph (and the chapter heading, which was not read either) made no take.
    const notRead = imported.body.not_read.map((n) => n.paragraph_id);
    expect(notRead).toContain(byText(texts[1] ?? ''));
    expect(imported.body.takes.map((t) => t.paragraph_id).sort()).toEqual(
      [byText(texts[0] ?? ''), byText(texts[2] ?? '')].sort(),
    );
    // The cut between the two readings falls in the pause after the first clip.
    expect(one?.start).toBeLessThan(0.6);
    expect(Math.abs((one?.end ?? 0) - firstSeconds)).toBeLessThan(0.6);
    expect(Math.abs((three?.start ?? 0) - (firstSeconds + 0.8))).toBeLessThan(0.6);
    const [take] = await takesOf(project.id, byText(texts[2] ?? ''));
    expect(take).toMatchObject({ engine: 'recording', take_id: three?.take_id });
    expect(take?.timings.filter((t) => t.kind === 'word').length).toBeGreaterThan(5);
    expect(take?.settings.source).toBe('recording');
  });

  it('refuses a missing file and an unknown chapter', async () => {
    const project = await createProject(api, { title: 'Empty' });
    const form = new FormData();
    form.append('language', 'en');
    const res = await api.form<{ code: string }>(
      `/audiobook/projects/${project.id}/chapters/00000000-0000-4000-8000-000000000000/recording`,
      form,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    form.append('file', new Blob([new Uint8Array(4000)]), 'x.wav');
    const other = await api.form<{ code: string }>(
      `/audiobook/projects/${project.id}/chapters/00000000-0000-4000-8000-000000000000/recording`,
      form,
    );
    expect(other.status).toBe(404);
  });
});
