/**
 * POST /audio/speech (document 2, "Third-party-compatible audio endpoints"): resolve the voice,
 * charge the caller, synthesise in the worker pool, encode with ffmpeg. Nothing is charged for
 * a request that fails: the credits are reserved first (402 when short) and refunded on any
 * failure or cancellation, settled once the audio is encoded.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeAudio, type Ffmpeg } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { Charges } from '../../billing/index.ts';
import { speakParagraph } from './speak-text.ts';
import type { LocalVoiceCatalog } from '../catalog/local-catalog.ts';
import type { SpeakableVoice } from '../catalog/voice-catalog.ts';
import type { VoiceSynthesizer } from '../engines/voice-synth.ts';

export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** OpenAI's limit on `input`. */
export const SPEECH_MAX_INPUT = 4096;
/** Native price: credits per character of `input` (docs/api/openai-compat.md, "Billing"). */
export const SPEECH_CREDITS_PER_CHARACTER = 1;
/** `pcm` is raw 24 kHz 16-bit little-endian mono, as OpenAI's. */
export const PCM_SAMPLE_RATE = 24_000;

export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

export interface SpeechRequest {
  userId: string;
  input: string;
  voice: string | number;
  format: SpeechFormat;
  speed: number;
  signal?: AbortSignal;
}

export interface SpeechResult {
  /** A temporary file the caller sends and then deletes. */
  path: string;
  contentType: string;
  voice: SpeakableVoice;
  seconds: number;
}

export interface SpeechDeps {
  voices: LocalVoiceCatalog;
  synth: VoiceSynthesizer;
  ledger: Charges;
  ffmpeg: () => Promise<Ffmpeg>;
}

export class SpeechService {
  constructor(private readonly deps: SpeechDeps) {}

  /** The voices POST /audio/speech accepts: the whole catalog (embedded and installed packs). */
  get voices(): LocalVoiceCatalog {
    return this.deps.voices;
  }

  async speak(request: SpeechRequest): Promise<SpeechResult> {
    const voice = this.deps.voices.resolve(request.voice, request.userId);
    if (!voice) {
      throw new AppError('voice_not_found', `No voice "${request.voice}".`, {
        details: { param: 'voice' },
      });
    }
    const ffmpeg = await this.deps.ffmpeg();
    const credits = request.input.length * SPEECH_CREDITS_PER_CHARACTER;
    const reservation = this.deps.ledger.reserve(request.userId, {
      amount: credits,
      serviceType: 'text_to_speech',
      metadata: { voice_id: voice.id, characters: request.input.length },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-speech-'));
    const out = path.join(dir, `${crypto.randomUUID()}.${request.format}`);
    try {
      // The same text handling as narration (numbers, dates, sentence pauses), with OpenAI's
      // speed range and no trailing silence.
      const pcm = await speakParagraph(this.deps.synth, {
        text: request.input,
        language: voice.language,
        voice,
        speed: request.speed,
        speedRange: [0.25, 4],
        emotion: null,
        direction: '',
        style: null,
        pronunciations: [],
        trailingSilenceMs: 0,
        ...(request.signal && { signal: request.signal }),
      });
      const seconds = pcm.samples.length / pcm.sampleRate;
      await encodeAudio(
        ffmpeg,
        { sampleRate: pcm.sampleRate, channels: 1, samples: pcm.samples },
        out,
        {
          format: request.format,
          ...(request.format === 'pcm' && { sampleRate: PCM_SAMPLE_RATE }),
          signal: request.signal,
        },
      );
      this.deps.ledger.settle(reservation.id, { audioDuration: seconds });
      return { path: out, contentType: SPEECH_CONTENT_TYPES[request.format], voice, seconds };
    } catch (error) {
      this.deps.ledger.refund(reservation.id);
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
}

/** Removes a file speak() made, and its private folder. */
export function removeSpeechFile(file: string): void {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
