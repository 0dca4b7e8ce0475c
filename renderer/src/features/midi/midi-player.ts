/**
 * Plays a transcription in the studio through Tone.js: one PolySynth per track, each behind its
 * own Volume node (so a track can be muted on its own while playing), the notes scheduled on the
 * Transport from the .mid's own times and velocities. Tone is loaded only when playback starts,
 * after a user gesture, as browsers require for audio.
 *
 * Tone's package index creates a default audio context at import time whose clock runs in a
 * worker made from a blob: URL, which the studio's Content-Security-Policy (script-src 'self')
 * forbids. So the player imports Tone's modules directly and makes its own context with a timer
 * clock before any node exists; nothing then asks for the default one.
 */
import type { Context } from 'tone/build/esm/core/context/Context.js';
import type { Part } from 'tone/build/esm/event/Part.js';
import type { PolySynth } from 'tone/build/esm/instrument/PolySynth.js';
import type { Synth } from 'tone/build/esm/instrument/Synth.js';
import type { Volume } from 'tone/build/esm/component/channel/Volume.js';
import type { Roll } from './midi-tracks.ts';

interface ToneParts {
  context: Context;
  PolySynth: typeof PolySynth;
  Synth: typeof Synth;
  Volume: typeof Volume;
  Part: typeof Part;
}

interface ScheduledNote {
  time: number;
  pitch: number;
  duration: number;
  velocity: number;
}

async function loadTone(): Promise<ToneParts> {
  const [global, contextModule, poly, synth, volume, part] = await Promise.all([
    import('tone/build/esm/core/Global.js'),
    import('tone/build/esm/core/context/Context.js'),
    import('tone/build/esm/instrument/PolySynth.js'),
    import('tone/build/esm/instrument/Synth.js'),
    import('tone/build/esm/component/channel/Volume.js'),
    import('tone/build/esm/event/Part.js'),
  ]);
  const context = new contextModule.Context({ clockSource: 'timeout', latencyHint: 'interactive' });
  global.setContext(context);
  return {
    context,
    PolySynth: poly.PolySynth,
    Synth: synth.Synth,
    Volume: volume.Volume,
    Part: part.Part,
  };
}

const hz = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);

export class MidiPlayer {
  private tone: ToneParts | null = null;
  private voices: { synth: PolySynth; volume: Volume }[] = [];
  private parts: Part<ScheduledNote>[] = [];
  private stopTimer: ReturnType<typeof setTimeout> | null = null;

  /** Starts playing from the beginning; `onEnd` runs when the last note has finished. */
  async play(roll: Roll, muted: ReadonlySet<number>, onEnd: () => void): Promise<void> {
    this.stop();
    this.tone ??= await loadTone();
    const { context, PolySynth: Poly, Synth: Voice, Volume: Vol, Part: NotePart } = this.tone;
    await context.resume();
    const transport = context.transport;
    roll.tracks.forEach((track, index) => {
      const volume = new Vol({ context, volume: -12 }).toDestination();
      volume.mute = muted.has(index);
      const synth = new Poly({
        context,
        voice: Voice,
        options: {
          oscillator: { type: index === 0 ? 'triangle' : 'sawtooth' },
          envelope: { attack: 0.005, decay: 0.2, sustain: 0.3, release: 0.4 },
        },
      }).connect(volume);
      const part = new NotePart<ScheduledNote>({
        context,
        callback: (time, note) => {
          synth.triggerAttackRelease(hz(note.pitch), note.duration, time, note.velocity);
        },
        events: track.notes.map((n) => ({ ...n })),
      }).start(0);
      this.voices.push({ synth, volume });
      this.parts.push(part);
    });
    transport.position = 0;
    transport.start();
    this.stopTimer = setTimeout(
      () => {
        this.stop();
        onEnd();
      },
      (roll.duration + 0.5) * 1000,
    );
  }

  setMuted(index: number, muted: boolean): void {
    const voice = this.voices[index];
    if (voice) voice.volume.mute = muted;
  }

  /** Seconds since playback started, or null when stopped. */
  position(): number | null {
    if (!this.tone || this.parts.length === 0) return null;
    return this.tone.context.transport.seconds;
  }

  stop(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    if (this.tone) {
      const transport = this.tone.context.transport;
      transport.stop();
      transport.cancel();
    }
    for (const part of this.parts) part.dispose();
    for (const voice of this.voices) {
      voice.synth.dispose();
      voice.volume.dispose();
    }
    this.parts = [];
    this.voices = [];
  }
}
