import { describe, expect, it } from 'vitest';
import {
  DIRECTION_PERFORMED_CHARACTERS,
  directionLexicon,
  directionToProsody,
  performedDirection,
} from './direction.ts';
import { capsFor, ENGINE_CAPS, reduceProsody } from './engine-caps.ts';

describe('direction and emotion → prosody hints', () => {
  it('is neutral without direction', () => {
    expect(directionToProsody({})).toEqual({
      rate: 1,
      pitchSemitones: 0,
      energy: 1,
      gainDb: 0,
      style: null,
      cues: [],
    });
    expect(directionToProsody({ direction: 'read it as written' }).cues).toEqual([]);
  });

  it('maps whispering: quieter, flatter, a little slower', () => {
    const hints = directionToProsody({ direction: 'Whispered, so nobody hears.' });
    expect(hints.style).toBe('whisper');
    expect(hints.gainDb).toBeLessThan(-5);
    expect(hints.energy).toBeLessThan(1);
    expect(hints.rate).toBeLessThan(1);
  });

  it('maps shouting and anger up, sadness and tiredness down', () => {
    const shout = directionToProsody({ direction: 'shouting angrily' });
    expect(shout.gainDb).toBeGreaterThan(0);
    expect(shout.pitchSemitones).toBeGreaterThan(0);
    const sad = directionToProsody({ emotion: 'sad' });
    expect(sad.rate).toBeLessThan(1);
    expect(sad.pitchSemitones).toBeLessThan(0);
    expect(sad.style).toBe('sad');
  });

  it('reads modifiers: very strengthens, slightly weakens, not cancels', () => {
    const slow = directionToProsody({ direction: 'slowly' }).rate;
    const verySlow = directionToProsody({ direction: 'very slowly' }).rate;
    const bitSlow = directionToProsody({ direction: 'slightly slowly' }).rate;
    expect(verySlow).toBeLessThan(slow);
    expect(bitSlow).toBeGreaterThan(slow);
    expect(bitSlow).toBeLessThan(1);
    expect(directionToProsody({ direction: 'not angry' }).style).toBeNull();
  });

  it('performs only the first 110 characters of a direction', () => {
    const padding = 'x'.repeat(DIRECTION_PERFORMED_CHARACTERS);
    expect(directionToProsody({ direction: `${padding} whisper` }).style).toBeNull();
    expect(directionToProsody({ direction: `whisper ${padding}` }).style).toBe('whisper');
    expect([...performedDirection('é'.repeat(500))]).toHaveLength(110);
  });

  it('lets the direction name the style over the emotion, and clamps the sum', () => {
    const hints = directionToProsody({ emotion: 'sad', direction: 'whisper' });
    expect(hints.style).toBe('whisper');
    const extreme = directionToProsody({
      direction: 'very very slowly, very slowly, very slowly, tired, weary',
    });
    expect(extreme.rate).toBe(0.75);
  });

  it('publishes its lexicon', () => {
    const words = directionLexicon().flatMap((e) => e.words);
    expect(words).toEqual(
      expect.arrayContaining(['whisper', 'shout', 'sad', 'excited', 'slowly', 'angrily', 'calm']),
    );
  });
});

describe('engine capabilities', () => {
  const hints = { rate: 0.9, pitchSemitones: 2, energy: 1.2, gainDb: -4, style: 'whisper' };

  it('eSpeak varies rate, pitch and energy; whisper style is dropped', () => {
    const { prosody, dropped } = reduceProsody(hints, 1.5, ENGINE_CAPS.espeak);
    expect(prosody.speed).toBeCloseTo(1.35);
    expect(prosody.pitch).toBeCloseTo(2 ** (2 / 12));
    expect(prosody.energy).toBe(1.2);
    expect(prosody.gainDb).toBe(-4);
    expect(dropped).toEqual(['style whisper']);
  });

  it('Piper varies rate and energy but not pitch', () => {
    const { prosody, dropped } = reduceProsody(hints, 1, capsFor('tapehouse-piper'));
    expect(prosody.pitch).toBeUndefined();
    expect(prosody.energy).toBe(1.2);
    expect(dropped).toEqual(['pitch +2 st', 'style whisper']);
  });

  it('Kokoro varies rate only, and its speed range is clamped and reported', () => {
    const { prosody, dropped } = reduceProsody({ ...hints, rate: 1.2 }, 2, capsFor('kokoro'));
    expect(prosody.speed).toBe(2);
    expect(dropped).toContain('speed 2.4 clamped to 2');
    expect(dropped).toContain('energy ×1.2');
  });

  it('leaves neutral hints out of the engine request', () => {
    const { prosody, dropped } = reduceProsody(
      { rate: 1, pitchSemitones: 0, energy: 1, gainDb: 0, style: null },
      1,
      ENGINE_CAPS.piper,
    );
    expect(prosody).toEqual({ speed: 1, gainDb: 0, style: null });
    expect(dropped).toEqual([]);
  });

  it('refuses an unknown engine', () => {
    expect(() => capsFor('festival')).toThrow(/Unknown TTS engine/);
  });
});
