// Parsing Piper `.onnx.json` voice configs, including the real test fixture's.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { realModel } from '../../../../../../test/helpers/requirements.ts';
import { AppError } from '../../../../errors.ts';
import { generatedPiperConfig, piperConfigJson } from './generated-piper-voice.ts';
import { phonemesToIds } from './piper-phoneme-ids.ts';
import {
  bcp47Of,
  espeakVoiceOf,
  parsePiperVoiceConfig,
  readPiperVoiceConfig,
} from './piper-voice-config.ts';

describe('Piper voice config', () => {
  it('reads the fixture voice: sample rate, scales, eSpeak voice, language', () => {
    const file = realModel('tts/fixtures/test_voice.onnx.json');
    if (file === null) return;
    const config = readPiperVoiceConfig(file);
    expect(config.audio.sample_rate).toBe(22_050);
    expect(config.inference).toEqual({ noiseScale: 0.667, lengthScale: 1, noiseW: 0.8 });
    expect(espeakVoiceOf(config)).toBe('en-us');
    expect(bcp47Of(config)).toBe('en-US');
    expect(config.num_speakers).toBe(1);
  });

  it('maps phonemes to ids against the fixture map: ^ _ (p _)… $', () => {
    const file = realModel('tts/fixtures/test_voice.onnx.json');
    if (file === null) return;
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      phoneme_id_map: Record<string, number[]>;
    };
    const config = readPiperVoiceConfig(file);
    const phonemes = Array.from('həlˈoʊ wˈɜːld.'.normalize('NFD'));
    const { ids, missing } = phonemesToIds([...phonemes, '☃'], config);
    const m = raw.phoneme_id_map;
    const id = (p: string): number => m[p]?.[0] ?? -1;
    expect(ids).toEqual([id('^'), id('_'), ...phonemes.flatMap((p) => [id(p), id('_')]), id('$')]);
    expect(ids).not.toContain(-1);
    expect([...missing]).toEqual([['☃', 1]]);
  });

  it('accepts noise_scale_w (older exports) and applies phoneme_map', () => {
    const json = piperConfigJson(generatedPiperConfig());
    const config = parsePiperVoiceConfig(
      {
        ...json,
        inference: { noise_scale: 0.4, length_scale: 1.2, noise_scale_w: 0.5 },
        phoneme_map: { g: ['ɡ'] },
      },
      'old.onnx.json',
    );
    expect(config.inference).toEqual({ noiseScale: 0.4, lengthScale: 1.2, noiseW: 0.5 });
    const a = phonemesToIds(['g'], config).ids;
    const b = phonemesToIds(['ɡ'], config).ids;
    expect(a).toEqual(b);
  });

  it('rejects configs without the pad/start/end symbols or with another phoneme type', () => {
    const json = piperConfigJson(generatedPiperConfig());
    expect(() =>
      parsePiperVoiceConfig({ ...json, phoneme_id_map: { a: [1] } }, 'bad.json'),
    ).toThrow(AppError);
    expect(() => parsePiperVoiceConfig({ ...json, phoneme_type: 'text' }, 'bad.json')).toThrow(
      /phoneme_type "text"/,
    );
    expect(() => parsePiperVoiceConfig({ audio: {} }, 'bad.json')).toThrow(/bad.json/);
  });
});
