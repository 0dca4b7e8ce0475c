import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../../../errors.ts';
import { WorkerPool } from '../../../jobs/worker-pool.ts';
import { EspeakEngine } from '../engines/espeak/espeak-engine.ts';
import { renderPlan, speechBounds, type ChunkAudio, type SynthesizeChunk } from './render.ts';
import { planSpeech, type SpeechChunk, type SpeechPlan } from './speech-plan.ts';

const RATE = 16_000;

/** A chunk "spoken" as a tone between stretches of silence, with one word timing. */
function tone(
  leadSeconds: number,
  toneSeconds: number,
  tailSeconds: number,
  amplitude = 0.5,
): Float32Array {
  const lead = Math.round(leadSeconds * RATE);
  const body = Math.round(toneSeconds * RATE);
  const out = new Float32Array(lead + body + Math.round(tailSeconds * RATE));
  for (let i = 0; i < body; i++)
    out[lead + i] = amplitude * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return out;
}

const synthetic =
  (lead: number, body: number, tail: number): SynthesizeChunk =>
  (chunk: SpeechChunk): Promise<ChunkAudio> => {
    const word = chunk.text.indexOf('dollars');
    return Promise.resolve({
      samples: tone(lead, body, tail),
      sampleRate: RATE,
      timings:
        word >= 0
          ? [
              { kind: 'word', textOffset: 0, textLength: 2, startSeconds: lead },
              { kind: 'word', textOffset: word, textLength: 7, startSeconds: lead + 0.2 },
            ]
          : [],
    });
  };

describe('speechBounds', () => {
  it('finds the speech between silences, with a margin', () => {
    const samples = tone(0.1, 0.5, 0.2);
    const { start, end } = speechBounds(samples, RATE, -45, 15);
    expect(start).toBe(0.1 * RATE - 0.015 * RATE);
    expect(end).toBe(0.6 * RATE + 0.015 * RATE);
    expect(speechBounds(new Float32Array(1000), RATE)).toEqual({ start: 0, end: 0 });
  });
});

describe('renderPlan with synthetic audio', () => {
  const text = 'He paid $3.50. Then he left, slowly.';

  it('joins trimmed chunks with exactly the planned pauses and the trailing silence', async () => {
    const plan = planSpeech(text, {
      language: 'en',
      engine: 'espeak',
      sentencePause: 0.4,
      paragraphTrailingSilence: 0.9,
    });
    const out = await renderPlan(plan, synthetic(0.1, 0.5, 0.2));
    const speech = 0.5 + 0.03; // the tone plus a 15 ms margin either side
    expect(out.chunks).toHaveLength(2);
    expect(out.chunks[0]?.durationSeconds).toBeCloseTo(speech, 6);
    expect(out.chunks[1]?.startSeconds).toBeCloseTo(speech + 0.4, 6);
    expect(out.durationSeconds).toBeCloseTo(2 * speech + 0.4 + 0.9, 6);
    expect(out.samples.length).toBe(Math.round(out.durationSeconds * RATE));
    // The pause and the trailing silence are digital silence.
    const pauseStart = Math.round(speech * RATE);
    expect(out.samples.subarray(pauseStart, pauseStart + 0.4 * RATE).every((s) => s === 0)).toBe(
      true,
    );
    expect(out.samples.subarray(out.samples.length - 0.9 * RATE).every((s) => s === 0)).toBe(true);
  });

  it('fades the joins so no chunk starts or ends on a jump', async () => {
    const plan = planSpeech('One. Two.', { language: 'en', engine: 'espeak' });
    const loud: SynthesizeChunk = () =>
      Promise.resolve({ samples: new Float32Array(RATE).fill(0.5), sampleRate: RATE, timings: [] });
    const out = await renderPlan(plan, loud, { fadeMs: 5 });
    expect(out.samples[0]).toBe(0);
    expect(
      Math.abs(out.samples[Math.round(out.chunks[0]!.durationSeconds * RATE) - 1]!),
    ).toBeLessThan(0.01);
    expect(out.samples[Math.round(0.5 * RATE)]).toBeCloseTo(0.5);
  });

  it('reports timings in original text offsets, shifted by the trimmed lead', async () => {
    const plan = planSpeech(text, { language: 'en', engine: 'espeak' });
    const out = await renderPlan(plan, synthetic(0.1, 0.5, 0.2));
    const slice = (t: { textOffset: number; textLength: number }): string =>
      text.slice(t.textOffset, t.textOffset + t.textLength);
    const sentences = out.timings.filter((t) => t.kind === 'sentence');
    expect(sentences.map(slice)).toEqual(['He paid $3.50.', 'Then he left, slowly.']);
    expect(sentences[1]?.startSeconds).toBeCloseTo(out.chunks[1]!.startSeconds, 6);
    const words = out.timings.filter((t) => t.kind === 'word');
    expect(words.map(slice)).toEqual(['He', '$3.50']);
    // 0.2 s into the tone, which now starts 15 ms into the output.
    expect(words[1]?.startSeconds).toBeCloseTo(0.015 + 0.2, 6);
  });

  it('applies the gain without clipping', async () => {
    const quiet = planSpeech('One.', { language: 'en', engine: 'espeak', direction: 'whisper' });
    const q = await renderPlan(quiet, synthetic(0, 0.2, 0));
    expect(q.appliedGainDb).toBe(quiet.prosody.gainDb);
    const peak = (s: Float32Array): number => s.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak(q.samples)).toBeCloseTo(0.5 * 10 ** (quiet.prosody.gainDb / 20), 2);
    const loudPlan: SpeechPlan = { ...quiet, prosody: { ...quiet.prosody, gainDb: 6 } };
    const l = await renderPlan(loudPlan, synthetic(0, 0.2, 0));
    expect(peak(l.samples)).toBeLessThanOrEqual(0.98 + 1e-6);
    expect(l.appliedGainDb).toBeCloseTo(20 * Math.log10(0.98 / 0.5), 1);
  });

  it('stops between chunks when cancelled, and reports progress', async () => {
    const plan = planSpeech('One. Two. Three.', { language: 'en', engine: 'espeak' });
    const controller = new AbortController();
    const seen: number[] = [];
    const run = renderPlan(plan, synthetic(0, 0.1, 0), {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p);
        controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(seen).toEqual([33]);
    // A bare signal works too.
    await expect(renderPlan(plan, synthetic(0, 0.1, 0), controller.signal)).rejects.toBeInstanceOf(
      CancelledError,
    );
  });

  it('refuses chunks at different sample rates', async () => {
    const plan = planSpeech('One. Two.', { language: 'en', engine: 'espeak' });
    let rate = 16_000;
    const odd: SynthesizeChunk = () => {
      rate += 8000;
      return Promise.resolve({ samples: new Float32Array(100), sampleRate: rate, timings: [] });
    };
    await expect(renderPlan(plan, odd)).rejects.toThrow(/Hz/);
  });

  it('renders an empty plan as no audio', async () => {
    const out = await renderPlan(
      planSpeech('', { language: 'en', engine: 'espeak' }),
      synthetic(0, 0.1, 0),
    );
    expect(out.samples.length).toBe(0);
    expect(out.durationSeconds).toBe(0);
  });

  it('duration = speech + pauses for any chunk shapes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            lead: fc.integer({ min: 0, max: 4000 }),
            body: fc.integer({ min: 0, max: 8000 }),
            tail: fc.integer({ min: 0, max: 4000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        async (shapes, sentencePause, trailing) => {
          const text = shapes.map((_, i) => `Sentence ${'x'.repeat(i + 1)}.`).join(' ');
          const plan = planSpeech(text, {
            language: 'en',
            engine: 'espeak',
            sentencePause,
            paragraphTrailingSilence: trailing,
          });
          let call = 0;
          const synth: SynthesizeChunk = () => {
            const s = shapes[call++]!;
            const samples = new Float32Array(s.lead + s.body + s.tail);
            for (let i = 0; i < s.body; i++) samples[s.lead + i] = 0.3;
            return Promise.resolve({ samples, sampleRate: RATE, timings: [] });
          };
          const out = await renderPlan(plan, synth);
          const pauses = plan.chunks.reduce(
            (sum, c) => sum + Math.round(c.pauseAfterSeconds * RATE),
            0,
          );
          const speech = out.chunks.reduce(
            (sum, c) => sum + Math.round(c.durationSeconds * RATE),
            0,
          );
          expect(out.samples.length).toBe(speech + pauses);
          out.chunks.forEach((c, i) => {
            const body = shapes[i]!.body;
            // All the speech survives the trim; at most a margin and a window of quiet either side.
            expect(Math.round(c.durationSeconds * RATE)).toBeGreaterThanOrEqual(
              body === 0 ? 0 : body,
            );
            expect(Math.round(c.durationSeconds * RATE)).toBeLessThanOrEqual(
              body === 0 ? 0 : body + 2 * (240 + 80),
            );
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('renderPlan with the embedded eSpeak NG engine', () => {
  const pool = new WorkerPool(1);
  const engine = new EspeakEngine(pool);
  afterAll(() => pool.close());

  it('speaks a paragraph with the planned pauses and timings on the original text', async () => {
    const text = 'Mr. Smith paid $3.50 on 2024-03-05. He left at 10:30, slowly and quietly.';
    const plan = planSpeech(text, {
      language: 'en-US',
      engine: 'espeak',
      sentencePause: 0.5,
      paragraphTrailingSilence: 1,
    });
    const raw: number[] = [];
    const out = await renderPlan(plan, async (chunk, prosody, signal) => {
      const result = await engine.synthesize({
        text: chunk.text,
        voice: 'gmw/en-US',
        speed: prosody.speed,
        ...(prosody.pitch !== undefined && { pitch: prosody.pitch }),
        ...(prosody.energy !== undefined && { energy: prosody.energy }),
        ...(signal && { signal }),
      });
      raw.push(result.samples.length / result.sampleRate);
      return result;
    });
    expect(out.sampleRate).toBe(22_050);
    expect(out.chunks).toHaveLength(2);
    // Trimming only ever removes edge silence.
    out.chunks.forEach((c, i) => expect(c.durationSeconds).toBeLessThanOrEqual(raw[i]!));
    // The gap between the sentences is exactly the planned pause, and silent.
    const gap =
      out.chunks[1]!.startSeconds - (out.chunks[0]!.startSeconds + out.chunks[0]!.durationSeconds);
    expect(gap).toBeCloseTo(0.5, 4);
    const gapStart = Math.round(
      (out.chunks[0]!.startSeconds + out.chunks[0]!.durationSeconds) * out.sampleRate,
    );
    expect(
      out.samples
        .subarray(gapStart, gapStart + Math.round(0.5 * out.sampleRate))
        .every((s) => s === 0),
    ).toBe(true);
    expect(out.durationSeconds).toBeCloseTo(
      out.chunks[1]!.startSeconds + out.chunks[1]!.durationSeconds + 1,
      4,
    );
    // A plausible pace for the spoken (normalized) words at speed 1: 120–220 words per minute.
    const spokenWords = plan.chunks
      .map((c) => c.text.split(/\s+/).length)
      .reduce((a, b) => a + b, 0);
    const speechSeconds = out.chunks.reduce((sum, c) => sum + c.durationSeconds, 0);
    const wpm = spokenWords / (speechSeconds / 60);
    expect(wpm).toBeGreaterThan(120);
    expect(wpm).toBeLessThan(220);
    // Word timings point at the words as written.
    const written = out.timings
      .filter((t) => t.kind === 'word')
      .map((t) => text.slice(t.textOffset, t.textOffset + t.textLength));
    expect(written).toEqual(
      expect.arrayContaining(['Mr.', 'Smith', '$3.50', '2024-03-05', '10:30', 'slowly']),
    );
    const starts = out.timings.map((t) => t.startSeconds);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // Speech is not silence.
    const rms = Math.sqrt(out.samples.reduce((s, v) => s + v * v, 0) / out.samples.length);
    expect(rms).toBeGreaterThan(0.01);
  });

  const speak: SynthesizeChunk = (chunk, prosody, signal) =>
    engine.synthesize({
      text: chunk.text,
      voice: 'gmw/en-US',
      speed: prosody.speed,
      ...(prosody.pitch !== undefined && { pitch: prosody.pitch }),
      ...(prosody.energy !== undefined && { energy: prosody.energy }),
      ...(signal && { signal }),
    });

  it('says IPA dictionary entries through eSpeak phoneme input, timed on the written word', async () => {
    const text = 'Hermione smiled at Ron.';
    const plan = planSpeech(text, {
      language: 'en',
      engine: 'espeak',
      pronunciations: [
        { grapheme: 'Hermione', replacement: '/hɜːˈmaɪəni/', kind: 'ipa', caseSensitive: true },
      ],
      paragraphTrailingSilence: 0,
    });
    expect(plan.chunks[0]?.text).toMatch(/^\[\[/);
    const out = await renderPlan(plan, speak);
    const words = out.timings.filter((t) => t.kind === 'word');
    expect(text.slice(words[0]!.textOffset, words[0]!.textOffset + words[0]!.textLength)).toBe(
      'Hermione',
    );
    expect(words.map((t) => text.slice(t.textOffset, t.textOffset + t.textLength))).toContain(
      'Ron',
    );
    expect(out.durationSeconds).toBeGreaterThan(0.8);
  });

  it('performs a direction: "very slowly" takes longer than a neutral read', async () => {
    const text = 'The train left the station at dawn, and nobody saw it go.';
    const options = { language: 'en', engine: 'espeak', paragraphTrailingSilence: 0 } as const;
    const neutral = await renderPlan(planSpeech(text, options), speak);
    const slowPlan = planSpeech(text, { ...options, direction: 'very slowly' });
    expect(slowPlan.prosody.speed).toBeLessThan(1);
    const slow = await renderPlan(slowPlan, speak);
    expect(slow.durationSeconds).toBeGreaterThan(neutral.durationSeconds * 1.1);
  });
});
