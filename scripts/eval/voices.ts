/**
 * `npm run eval -- voices`: speaker similarity of cloned voices (docs/api/voices-custom.md,
 * "Cloning packs"). For each LibriSpeech test-other speaker, a 20 s sample is cloned through the
 * engine's own route (POST /voice/voice-clone), the clone speaks a sentence (POST
 * /audio/speech), and WeSpeaker ResNet34 embeds the clone's speech, the speaker's sample and
 * every impostor clip (librispeech_train-clean-100_impostors). It prints the cosine of clone vs
 * own sample and vs the impostors, per speaker, and how often the own sample wins.
 *
 * Both a cloning pack and the similarity pack must be installed; without them it says loudly
 * which are missing and exits 0 without numbers (no zero-shot voice has a verifiable digest yet).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  decodeAudio,
  encodeAudio,
  resolveFfmpeg,
  type Ffmpeg,
} from '../../engine/src/audio/index.ts';
import { loadConfig } from '../../engine/src/config.ts';
import { createEngine } from '../../engine/src/engine.ts';
import { clonePacks } from '../../engine/src/features/voices/cloning/clone-packs.ts';
import { SherpaVoiceHost } from '../../engine/src/features/voices/cloning/sherpa-voice-host.ts';
import {
  SIMILARITY_PACK,
  cosine,
  similarityModel,
} from '../../engine/src/features/voices/cloning/speaker-similarity.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';

const SPEAKERS = 'speech/librispeech_test-other_10spk';
const IMPOSTORS = 'speech/librispeech_train-clean-100_impostors';
const SAMPLE_SECONDS = 20;
const SENTENCE =
  'The old lighthouse keeper climbed the stairs each evening, counting the steps as he went.';

function skip(missing: readonly string[]): void {
  console.log('');
  console.log('=====================================================================');
  console.log(' voices: SKIPPED — speaker similarity needs packs this machine lacks:');
  for (const line of missing) console.log(`   - ${line}`);
  console.log(' Install them with `npm run models -- install --from <folder> <pack>`;');
  console.log(' docs/api/voices-custom.md, "Cloning packs", says why none ships.');
  console.log('=====================================================================');
}

function flacs(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.flac'))
    .sort()
    .map((name) => path.join(dir, name));
}

async function mono16k(ffmpeg: Ffmpeg, file: string): Promise<Float32Array> {
  return (await decodeAudio(ffmpeg, file, { sampleRate: 16_000, channels: 1 })).samples;
}

/** The speaker's utterances joined up to SAMPLE_SECONDS, as a 16 kHz WAV. */
async function speakerSample(ffmpeg: Ffmpeg, files: string[], out: string): Promise<string> {
  const want = SAMPLE_SECONDS * 16_000;
  const parts: Float32Array[] = [];
  let total = 0;
  for (const file of files) {
    if (total >= want) break;
    const samples = await mono16k(ffmpeg, file);
    parts.push(samples.subarray(0, want - total));
    total += Math.min(samples.length, want - total);
  }
  const joined = new Float32Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  await encodeAudio(ffmpeg, { samples: joined, sampleRate: 16_000, channels: 1 }, out, {
    format: 'wav',
  });
  return out;
}

const mean = (values: readonly number[]): number =>
  values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export async function runVoicesEval(dataDir: string): Promise<void> {
  const config = loadConfig(process.env, {});
  const models = new ModelRegistry(config);
  const missing: string[] = [];
  const cloning = clonePacks(models).find((m) => models.status(m.id).ready);
  if (!cloning)
    missing.push(
      'a voice-cloning pack (task "tts", engine "zeroshot": piper-plus zero-shot voice + speaker-encoder.onnx)',
    );
  const similarity = similarityModel(models, config.home);
  if (!similarity) missing.push(`${SIMILARITY_PACK} (WeSpeaker ResNet34, in PACK-CANDIDATES.md)`);
  const speakersDir = path.join(dataDir, SPEAKERS);
  const impostorsDir = path.join(dataDir, IMPOSTORS);
  for (const dir of [speakersDir, impostorsDir])
    if (!fs.existsSync(dir)) missing.push(`the data folder ${dir}`);
  if (!cloning || !similarity || missing.length > 0) {
    skip(missing);
    return;
  }

  const ffmpeg = await resolveFfmpeg({ setting: config.ffmpegPath ?? null });
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-eval-voices-'));
  const token = `eval-${Date.now()}`;
  const engine = await createEngine(
    loadConfig({ ...process.env, TAPEHOUSE_PORT: '0' }, { home, port: 0 }),
    { studioToken: token, log: () => {} },
  );
  const sherpa = new SherpaVoiceHost();
  const auth = { Authorization: `Bearer ${token}` };
  try {
    const api = `${await engine.listen()}/api/v1`;
    const impostors: Float32Array[] = [];
    for (const file of flacs(impostorsDir))
      impostors.push(await sherpa.embedding(similarity, await mono16k(ffmpeg, file)));
    console.log(
      `voices: clone pack ${cloning.id}, ${impostors.length} impostor clips, ${SAMPLE_SECONDS} s samples`,
    );
    console.log('speaker  clone~own  clone~impostors(mean/max)  own wins');
    const own: number[] = [];
    const others: number[] = [];
    let wins = 0;
    const speakers = fs
      .readdirSync(speakersDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const speaker of speakers) {
      const sample = await speakerSample(
        ffmpeg,
        flacs(path.join(speakersDir, speaker)),
        path.join(home, `${speaker}.wav`),
      );
      const form = new FormData();
      form.append('name', `eval ${speaker}`);
      form.append('file', new Blob([fs.readFileSync(sample)], { type: 'audio/wav' }), 'sample.wav');
      const made = await fetch(`${api}/voice/voice-clone`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (made.status !== 201) throw new Error(`clone ${speaker}: ${await made.text()}`);
      const { uuid } = (await made.json()) as { uuid: string };
      const spoken = await fetch(`${api}/audio/speech`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: SENTENCE, voice: uuid, response_format: 'wav' }),
      });
      if (spoken.status !== 200) throw new Error(`speak ${speaker}: ${await spoken.text()}`);
      const speech = path.join(home, `${speaker}-clone.wav`);
      fs.writeFileSync(speech, Buffer.from(await spoken.arrayBuffer()));
      const clone = await sherpa.embedding(similarity, await mono16k(ffmpeg, speech));
      const ownScore = cosine(
        clone,
        await sherpa.embedding(similarity, await mono16k(ffmpeg, sample)),
      );
      const impostorScores = impostors.map((e) => cosine(clone, e));
      const worst = Math.max(...impostorScores);
      if (ownScore > worst) wins += 1;
      own.push(ownScore);
      others.push(mean(impostorScores));
      console.log(
        `${speaker.padEnd(8)} ${ownScore.toFixed(3).padStart(9)}  ${mean(impostorScores).toFixed(3)} / ${worst.toFixed(3)}${' '.repeat(14)}${ownScore > worst ? 'yes' : 'no'}`,
      );
    }
    console.log(
      `mean clone~own ${mean(own).toFixed(3)}, mean clone~impostors ${mean(others).toFixed(3)}, own sample beats every impostor for ${wins}/${speakers.length} speakers`,
    );
  } finally {
    await sherpa.close();
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
