/**
 * Do our Piper phoneme ids equal sherpa-onnx's for the bench text? sherpa exposes no phonemizer
 * API, so it is asked to "synthesize" with a capture model: a Piper-format graph whose audio is
 * its input ids (each id + 1, so a pad id 0 is not silence that sherpa could trim). Every id
 * sherpa feeds the model comes back as a sample; the sentences are concatenated in order.
 * The comparison is against our ids for the same text and voice config (eSpeak NG WASM →
 * piper-phoneme-ids.ts), id by id, with the differing phonemes named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { phonemizeSentences } from '../../engine/src/features/voices/engines/phonemes/espeak-phonemizer.ts';
import { phonemesToIds } from '../../engine/src/features/voices/engines/piper/piper-phoneme-ids.ts';
import {
  espeakVoiceOf,
  type PiperVoiceConfig,
} from '../../engine/src/features/voices/engines/piper/piper-voice-config.ts';
import { buildModel, node, tensor, valueInfo } from '../../engine/src/inference/onnx-builder.ts';
import { sherpaPiper, withSherpaMetadata, type SherpaModule } from './tts-sherpa-peer.ts';

export interface PhonemeIdComparison {
  ours: number;
  peer: number;
  differing: number;
  /** "ours→peer" phoneme pairs with their counts. */
  pairs: [string, number][];
}

function captureModel(): Uint8Array {
  return buildModel({
    graph: {
      name: 'piper-id-capture',
      inputs: [
        valueInfo('input', 'int64', [1, 'phonemes']),
        valueInfo('input_lengths', 'int64', [1]),
        valueInfo('scales', 'float32', [3]),
      ],
      outputs: [valueInfo('output', 'float32', [1, 1, 'phonemes'])],
      initializers: [tensor('one', 'float32', [1], [1]), tensor('axis', 'int64', [1], [0n])],
      nodes: [
        node('Cast', ['input'], ['ids'], { to: { kind: 'int', value: 1 } }),
        node('Add', ['ids', 'one'], ['shifted']),
        node('Unsqueeze', ['shifted', 'axis'], ['output']),
      ],
    },
  });
}

export async function comparePhonemeIds(
  sherpa: SherpaModule | string,
  config: PiperVoiceConfig,
  tokensPath: string,
  text: string,
  dir: string,
): Promise<PhonemeIdComparison | string> {
  const capture = path.join(dir, 'piper-id-capture.onnx');
  fs.writeFileSync(capture, captureModel());
  const tagged = withSherpaMetadata(capture, config, path.join(dir, 'piper-id-capture.meta.onnx'));
  const peer = sherpaPiper(sherpa, tagged, tokensPath, config, 1);
  if ('why' in peer) return peer.why;
  const theirs = Array.from(peer.tts.generate({ text, sid: 0, speed: 1 }).samples, (v) =>
    Math.round(v - 1),
  );
  const ours = (await phonemizeSentences(text, espeakVoiceOf(config))).flatMap(
    (s) => phonemesToIds(s.phonemes, config).ids,
  );
  const symbol = new Map<number, string>();
  for (const [phoneme, ids] of Object.entries(config.phoneme_id_map))
    if (ids[0] !== undefined && !symbol.has(ids[0])) symbol.set(ids[0], phoneme);
  const pairs = new Map<string, number>();
  let differing = Math.abs(ours.length - theirs.length);
  for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
    if (ours[i] === theirs[i]) continue;
    differing++;
    const key = `${symbol.get(ours[i]!) ?? ours[i]}→${symbol.get(theirs[i]!) ?? theirs[i]}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  return { ours: ours.length, peer: theirs.length, differing, pairs: [...pairs] };
}
