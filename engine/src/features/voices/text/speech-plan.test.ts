import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../errors.ts';
import { ENGINE_CAPS } from './engine-caps.ts';
import { chunkAsIpa, chunkToOriginal, PAUSE_DEFAULTS, planSpeech } from './speech-plan.ts';
import { ESPEAK_DEFAULT_WPM, ESPEAK_MAX_WPM } from '../engines/espeak/espeak-engine.ts';

describe('planSpeech', () => {
  it('chunks by sentence with sentence pauses and the trailing silence last', () => {
    const text = 'Mr. Smith paid $3.50. He left at 10:30.';
    const plan = planSpeech(text, {
      language: 'en',
      engine: 'espeak',
      paragraphTrailingSilence: 1.2,
    });
    expect(plan.chunks.map((c) => c.text)).toEqual([
      'Mister Smith paid three dollars and fifty cents.',
      'He left at ten thirty.',
    ]);
    expect(plan.chunks.map((c) => c.pauseAfterSeconds)).toEqual([
      PAUSE_DEFAULTS.sentenceSeconds,
      1.2,
    ]);
    expect(plan.chunks.map((c) => c.boundary)).toEqual(['sentence', 'end']);
    expect(
      plan.chunks.map((c) => text.slice(c.originalOffset, c.originalOffset + c.originalLength)),
    ).toEqual(['Mr. Smith paid $3.50.', 'He left at 10:30.']);
    expect(plan.normalized).toBe(true);
    expect(plan.prosody).toEqual({ speed: 1, gainDb: 0, style: null });
  });

  it('splits long sentences into clauses with shorter pauses that scale with the pace', () => {
    const long = `${'word '.repeat(30)}and more, ${'word '.repeat(30)}end.`;
    const plan = planSpeech(long, {
      language: 'en',
      engine: 'piper',
      maxChunkLength: 200,
      speed: 2,
      clausePause: 0.3,
    });
    expect(plan.chunks.length).toBe(2);
    expect(plan.chunks[0]?.boundary).toBe('clause');
    expect(plan.chunks[0]?.pauseAfterSeconds).toBeCloseTo(0.15);
    expect(plan.chunks[0]?.startsSentence).toBe(true);
    expect(plan.chunks[1]?.startsSentence).toBe(false);
  });

  it('pauses after blank-line paragraphs and skips chunks with nothing to say', () => {
    const plan = planSpeech('First part.\n\n* * *\n\nSecond part.', {
      language: 'en',
      engine: 'espeak',
      paragraphPause: 1.5,
      paragraphTrailingSilence: 0,
    });
    expect(plan.chunks.map((c) => [c.text, c.pauseAfterSeconds])).toEqual([
      ['First part.', 1.5],
      ['Second part.', 0],
    ]);
  });

  it('validates speed and pauses with machine-readable errors', () => {
    for (const options of [
      { speed: 0.4 },
      { speed: 2.1 },
      { speed: Number.NaN },
      { sentencePause: -1 },
      { clausePause: 11 },
    ]) {
      let error: unknown;
      try {
        planSpeech('Hi.', { language: 'en', engine: 'espeak', ...options });
      } catch (e) {
        error = e;
      }
      expect(isAppError(error) && error.code).toBe('validation_error');
    }
    // /audio/speech passes its own range.
    expect(
      planSpeech('Hi.', { language: 'en', engine: 'espeak', speed: 4, speedRange: [0.25, 4] })
        .prosody.speed,
    ).toBeCloseTo(ESPEAK_MAX_WPM / ESPEAK_DEFAULT_WPM);
  });

  it('applies direction and emotion, reduced to the engine, and reports what was dropped', () => {
    const plan = planSpeech('Come here.', {
      language: 'en',
      engine: 'kokoro',
      direction: 'whispering, slowly',
      emotion: 'sad',
    });
    expect(plan.prosody.speed).toBeLessThan(1);
    expect(plan.prosody.gainDb).toBeLessThan(0);
    expect(plan.prosody.pitch).toBeUndefined();
    expect(plan.dropped).toEqual(expect.arrayContaining(['style whisper']));
    expect(plan.dropped.some((d) => d.startsWith('pitch'))).toBe(true);
    expect(plan.cues).toEqual(['sad', 'whispering', 'slowly']);
  });

  it('keeps IPA entries as phoneme segments for IPA engines and as [[…]] markup for eSpeak', () => {
    const pronunciations = [
      { grapheme: 'Hermione', replacement: '/hɜːˈmaɪ.ə.ni/', kind: 'ipa', caseSensitive: false },
    ];
    const piper = planSpeech('Hermione won 3 prizes.', {
      language: 'en',
      engine: 'piper',
      pronunciations,
    });
    expect(piper.chunks[0]?.segments).toEqual([
      { kind: 'phonemes', phonemes: 'hɜːˈmaɪ.ə.ni', text: 'Hermione' },
      { kind: 'text', text: ' won three prizes.' },
    ]);
    expect(piper.dropped).toEqual([]);
    const espeak = planSpeech('Hermione won 3 prizes.', {
      language: 'en',
      engine: 'espeak',
      pronunciations,
    });
    expect(espeak.chunks[0]?.text).toBe("[[h3:'maI@ni]] won three prizes.");
    expect(espeak.dropped).toEqual([]);
  });

  it('reads an IPA entry as written where the engine cannot say it, and reports it', () => {
    const pronunciations = [
      { grapheme: 'Xhosa', replacement: 'ǁʰosa', kind: 'ipa', caseSensitive: false },
      { grapheme: 'Nkosi', replacement: 'nkɔsi', kind: 'ipa', caseSensitive: false },
    ];
    const espeak = planSpeech('Xhosa and Nkosi.', {
      language: 'en',
      engine: 'espeak',
      pronunciations,
    });
    expect(espeak.chunks[0]?.text).toBe('Xhosa and [[nkOsi]].');
    expect(espeak.dropped).toEqual([
      'pronunciation "Xhosa" (IPA) read as written: a symbol espeak cannot say',
    ]);
    const none = planSpeech('Nkosi.', {
      language: 'en',
      engine: { ...ENGINE_CAPS.kokoro, engine: 'plain', phonemes: 'none' },
      pronunciations,
    });
    expect(none.chunks[0]?.text).toBe('Nkosi.');
    expect(none.dropped).toEqual([
      'pronunciation "Nkosi" (IPA) read as written: plain takes no phonemes',
    ]);
  });

  it('never lets typed brackets reach eSpeak as phonemes', () => {
    const plan = planSpeech('See [[this]] here.', { language: 'en', engine: 'espeak' });
    expect(plan.chunks[0]?.text).toBe('See [ [this] ] here.');
  });

  it('builds IPA for a whole chunk with the engine phonemizer', async () => {
    const pronunciations = [
      { grapheme: 'Hermione', replacement: 'hɜːˈmaɪəni', kind: 'ipa', caseSensitive: false },
    ];
    const plan = planSpeech('Hermione won.', { language: 'en', engine: 'piper', pronunciations });
    const ipa = await chunkAsIpa(plan.chunks[0]!, (text) => Promise.resolve(`<${text.trim()}>`));
    expect(ipa).toBe('hɜːˈmaɪəni <won.>');
  });

  it('plans nothing for empty or unspeakable text', () => {
    expect(planSpeech('', { language: 'en', engine: 'espeak' }).chunks).toEqual([]);
    expect(planSpeech('  — … ', { language: 'en', engine: 'espeak' }).chunks).toEqual([]);
  });

  it('maps every chunk offset inside the original text (property)', () => {
    const token = fc.constantFrom(
      'Mr. Smith',
      ' paid ',
      '$3.50',
      '. ',
      'On 2024-03-05',
      ', ',
      'Hermione',
      ' 1984',
      '!\n\n',
      'él',
      '😀',
      ' etc.',
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 40 }).map((t) => t.join('')),
        fc.constantFrom('en', 'de', 'es', 'ja'),
        (text, language) => {
          const plan = planSpeech(text, {
            language,
            engine: 'piper',
            maxChunkLength: 40,
            pronunciations: [
              { grapheme: 'Hermione', replacement: 'hɜːmaɪəni', kind: 'ipa', caseSensitive: false },
            ],
          });
          let previousEnd = 0;
          for (const chunk of plan.chunks) {
            expect(chunk.originalOffset).toBeGreaterThanOrEqual(previousEnd);
            expect(chunk.originalOffset + chunk.originalLength).toBeLessThanOrEqual(text.length);
            previousEnd = chunk.originalOffset + chunk.originalLength;
            for (let i = 0; i < chunk.text.length; i += 3) {
              const span = chunkToOriginal(chunk, i, 2);
              expect(span.offset).toBeGreaterThanOrEqual(chunk.originalOffset);
              expect(span.offset + span.length).toBeLessThanOrEqual(
                chunk.originalOffset + chunk.originalLength,
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
