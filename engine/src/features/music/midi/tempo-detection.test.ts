// Tempo estimation on material with a known tempo: synthetic clicks, and a real drum render.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAudio, resolveFfmpeg } from '../../../audio/index.ts';
import { realData } from '../../../../../test/helpers/requirements.ts';
import { detectTempo } from './tempo-detection.ts';

const RATE = 22_050;

function clicks(bpm: number, seconds: number, accentEvery = 0): Float32Array {
  const audio = new Float32Array(RATE * seconds);
  const period = 60 / bpm;
  for (let beat = 0; beat * period < seconds; beat++) {
    const at = Math.round(beat * period * RATE);
    const gain = accentEvery > 0 && beat % accentEvery === 0 ? 1 : 0.6;
    for (let i = 0; i < 400 && at + i < audio.length; i++) {
      audio[at + i] = gain * Math.sin(i * 0.3) * Math.exp(-i / 80);
    }
  }
  return audio;
}

describe('detectTempo', () => {
  it.each([72, 100, 128, 174])('finds %i BPM in a click track', (bpm) => {
    expect(detectTempo(clicks(bpm, 30, 4), RATE)).toBeGreaterThan(bpm * 0.98);
    expect(detectTempo(clicks(bpm, 30, 4), RATE)).toBeLessThan(bpm * 1.02);
  });

  it('answers null for silence and for audio too short to tell', () => {
    expect(detectTempo(new Float32Array(RATE * 10), RATE)).toBeNull();
    expect(detectTempo(clicks(120, 2), RATE)).toBeNull();
  });

  it('finds 138 BPM in the Groove MIDI funk render (real data)', async () => {
    const dir = realData('music/groove_midi_drums');
    if (dir === null) return;
    const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
    const pcm = await decodeAudio(
      ffmpeg,
      path.join(dir, '1_funk-groove1_138_beat_4-4.render.flac'),
      {
        sampleRate: RATE,
        channels: 1,
      },
    );
    const bpm = detectTempo(pcm.samples, RATE);
    expect(bpm).toBeGreaterThan(136);
    expect(bpm).toBeLessThan(140);
  });
});
