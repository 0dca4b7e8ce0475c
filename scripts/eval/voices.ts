/**
 * `npm run eval -- voices`: cloned voices measured through the engine's own routes
 * (docs/api/voices-custom.md, "Cloning packs"), for every installed cloning pack:
 * - speaker similarity: each speaker's sample is cloned (POST /voice/voice-clone, `model` = the
 *   pack), the clone says a sentence (POST /audio/speech), and a speaker-embedding model (the
 *   diarization pack's CAM++, or WeSpeaker ResNet34) compares the clone's speech with the
 *   speaker's own sample and with every impostor clip; how often the own sample wins;
 * - intelligibility: word error rate of what Whisper (POST /audio/transcriptions) hears the
 *   clone say, when a Whisper pack is installed;
 * - speed: real-time factor of /audio/speech (wall time over audio length, this machine).
 * Speakers: ten LibriSpeech test-other speakers (no transcripts: a pack that needs the sample's
 * words gets them from Whisper, else those speakers are skipped) and two CMU ARCTIC speakers
 * whose words are known. Nothing is tuned on this data. Whatever is missing is said loudly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg, type Ffmpeg } from '../../engine/src/audio/index.ts';
import { loadConfig } from '../../engine/src/config.ts';
import { createEngine } from '../../engine/src/engine.ts';
import { resolveAsr } from '../../engine/src/features/speech/transcription/asr-packs.ts';
import {
  clonePacks,
  installedClonePacks,
  type ClonePack,
} from '../../engine/src/features/voices/cloning/clone-packs.ts';
import { SherpaVoiceHost } from '../../engine/src/features/voices/cloning/sherpa-voice-host.ts';
import {
  cosine,
  similarityModel,
  type SimilarityModel,
} from '../../engine/src/features/voices/cloning/speaker-similarity.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import {
  arcticSpeakers,
  flacs,
  IMPOSTORS,
  librispeechSpeakers,
  mono16k,
  SPEAKERS,
  type EvalSpeaker,
} from './voices-data.ts';
import { fixed, mean, median, wordErrorRate } from './voices-measure.ts';

const SENTENCE =
  'The old lighthouse keeper climbed the stairs each evening, counting the steps as he went.';

function loudly(lines: readonly string[]): void {
  console.log('');
  console.log('=====================================================================');
  for (const line of lines) console.log(` ${line}`);
  console.log('=====================================================================');
}

function whisperReady(models: ModelRegistry): boolean {
  try {
    resolveAsr(models);
    return true;
  } catch {
    return false;
  }
}

interface Row {
  speaker: string;
  own: number | null;
  impostors: number | null;
  worst: number | null;
  wer: number | null;
  rtf: number;
}

interface Tools {
  api: string;
  auth: Record<string, string>;
  ffmpeg: Ffmpeg;
  sherpa: SherpaVoiceHost;
  similarity: SimilarityModel | null;
  impostors: Float32Array[];
  whisper: boolean;
  work: string;
}

async function cloneAndSpeak(tools: Tools, pack: ClonePack, speaker: EvalSpeaker): Promise<Row> {
  const form = new FormData();
  form.append('name', `eval ${pack.id} ${speaker.id}`);
  form.append('model', pack.id);
  if (speaker.words) form.append('reference_text', speaker.words);
  form.append(
    'file',
    new Blob([fs.readFileSync(speaker.sample)], { type: 'audio/wav' }),
    'sample.wav',
  );
  const made = await fetch(`${tools.api}/voice/voice-clone`, {
    method: 'POST',
    headers: tools.auth,
    body: form,
  });
  if (made.status !== 201) throw new Error(`clone ${speaker.id}: ${await made.text()}`);
  const { uuid } = (await made.json()) as { uuid: string };
  const started = performance.now();
  const spoken = await fetch(`${tools.api}/audio/speech`, {
    method: 'POST',
    headers: { ...tools.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: SENTENCE, voice: uuid, response_format: 'wav' }),
  });
  if (spoken.status !== 200) throw new Error(`speak ${speaker.id}: ${await spoken.text()}`);
  const wav = Buffer.from(await spoken.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  const speech = path.join(tools.work, `${pack.id}-${speaker.id}-clone.wav`);
  fs.writeFileSync(speech, wav);
  const clone16k = await mono16k(tools.ffmpeg, speech);
  const row: Row = {
    speaker: speaker.id,
    own: null,
    impostors: null,
    worst: null,
    wer: null,
    rtf: seconds / (clone16k.length / 16_000),
  };
  if (tools.similarity) {
    const model = tools.similarity.file;
    const clone = await tools.sherpa.embedding(model, clone16k);
    row.own = cosine(
      clone,
      await tools.sherpa.embedding(model, await mono16k(tools.ffmpeg, speaker.sample)),
    );
    const scores = tools.impostors.map((e) => cosine(clone, e));
    row.impostors = mean(scores);
    row.worst = Math.max(...scores);
  }
  if (tools.whisper) {
    const asr = new FormData();
    asr.append('model', 'whisper-1');
    asr.append('language', 'en');
    asr.append('file', new Blob([wav], { type: 'audio/wav' }), 'clone.wav');
    const heard = await fetch(`${tools.api}/audio/transcriptions`, {
      method: 'POST',
      headers: tools.auth,
      body: asr,
    });
    if (heard.status === 200)
      row.wer = wordErrorRate(SENTENCE, ((await heard.json()) as { text: string }).text);
  }
  return row;
}

function report(pack: ClonePack, rows: readonly Row[], similarity: string | null): void {
  console.log(`\nvoices: ${pack.title} (${pack.id}), ${rows.length} speakers`);
  console.log('speaker        clone~own  clone~impostors(mean/max)  own wins  WER    RTF');
  for (const r of rows)
    console.log(
      `${r.speaker.padEnd(14)} ${fixed(r.own).padStart(9)}  ${fixed(r.impostors)} / ${fixed(r.worst)}${' '.repeat(14)}${r.own === null ? '—  ' : r.own > (r.worst ?? 1) ? 'yes' : 'no '}       ${fixed(r.wer, 2).padEnd(5)}  ${r.rtf.toFixed(2)}`,
    );
  const scored = rows.filter((r) => r.own !== null);
  if (similarity && scored.length > 0)
    console.log(
      `  similarity (${similarity}): mean clone~own ${fixed(mean(scored.map((r) => r.own ?? 0)))}, mean clone~impostors ${fixed(mean(scored.map((r) => r.impostors ?? 0)))}, own sample beats every impostor for ${scored.filter((r) => (r.own ?? 0) > (r.worst ?? 1)).length}/${scored.length}`,
    );
  const heard = rows.filter((r) => r.wer !== null);
  if (heard.length > 0)
    console.log(`  intelligibility: median WER ${fixed(median(heard.map((r) => r.wer ?? 0)), 2)}`);
  console.log(`  speed: median RTF ${median(rows.map((r) => r.rtf)).toFixed(2)} (this machine)`);
}

export async function runVoicesEval(dataDir: string): Promise<void> {
  const config = loadConfig(process.env, {});
  const models = new ModelRegistry(config);
  const installed = installedClonePacks(models);
  const similarity = similarityModel(models, config.home);
  const whisper = whisperReady(models);
  const missing = [
    ...clonePacks(models)
      .filter((p) => !installed.some((i) => i.id === p.id))
      .map((p) => `${p.title} (${p.id}): not installed, not measured`),
    ...(similarity ? [] : ['speaker similarity: no speaker-embedding pack (speaker-diarization)']),
    ...(whisper ? [] : ['intelligibility (WER): no Whisper pack installed']),
    ...[SPEAKERS, IMPOSTORS]
      .filter((dir) => !fs.existsSync(path.join(dataDir, dir)))
      .map((dir) => `data folder ${path.join(dataDir, dir)} is missing`),
  ];
  if (installed.length === 0 || missing.some((m) => m.startsWith('data folder'))) {
    loudly(['voices: SKIPPED — nothing to measure here:', ...missing.map((m) => `  - ${m}`)]);
    return;
  }
  if (missing.length > 0)
    loudly(['voices: PARTIAL — missing here:', ...missing.map((m) => `  - ${m}`)]);

  const ffmpeg = await resolveFfmpeg({ setting: config.ffmpegPath ?? null });
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-eval-voices-'));
  // The engine runs on a scratch data folder that sees the packs installed in the real one.
  if (fs.existsSync(path.join(config.home, 'models')))
    fs.symlinkSync(path.join(config.home, 'models'), path.join(home, 'models'), 'dir');
  const token = `eval-${Date.now()}`;
  const engine = await createEngine(
    loadConfig({ ...process.env, TAPEHOUSE_PORT: '0' }, { home, port: 0 }),
    { studioToken: token, log: () => {} },
  );
  const sherpa = new SherpaVoiceHost();
  try {
    const work = path.join(home, 'work');
    fs.mkdirSync(work);
    const impostors: Float32Array[] = [];
    if (similarity)
      for (const file of flacs(path.join(dataDir, IMPOSTORS)))
        impostors.push(await sherpa.embedding(similarity.file, await mono16k(ffmpeg, file)));
    const tools: Tools = {
      api: `${await engine.listen()}/api/v1`,
      auth: { Authorization: `Bearer ${token}` },
      ffmpeg,
      sherpa,
      similarity,
      impostors,
      whisper,
      work,
    };
    const libri = await librispeechSpeakers(ffmpeg, dataDir, work);
    const arctic = await arcticSpeakers(ffmpeg, dataDir, work);
    for (const pack of installed) {
      const unheard = pack.needsTranscript && !whisper;
      if (unheard)
        loudly([
          `${pack.id}: LibriSpeech speakers SKIPPED — it needs the sample's words and no`,
          '  Whisper pack can hear them; only the CMU ARCTIC speakers (words known) are cloned.',
        ]);
      const rows: Row[] = [];
      for (const speaker of [...(unheard ? [] : libri), ...arctic])
        rows.push(await cloneAndSpeak(tools, pack, speaker));
      report(pack, rows, similarity?.name ?? null);
    }
  } finally {
    await sherpa.close();
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
