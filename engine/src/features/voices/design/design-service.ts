/**
 * Voice design (document 3: POST /voice/design, /voice/design/publish; docs/api/voices-custom.md,
 * "Voice design"): a description becomes parameters (describe-voice.ts), the parameters become
 * 1–3 candidate voices from a seed (design-candidates.ts), and each is rendered saying the
 * preview text: eSpeak candidates on a fresh eSpeak instance (espeak-exact-task.ts), Kokoro
 * blends on ONNX Runtime — both exactly repeatable, so the same seed gives the same audio.
 * Previews cost `voice_cloning_generation` credits each (250 by default), reserved before
 * rendering and refunded if it fails; a paid-tier feature (the Local plan's tier must be
 * creator or pro). Publishing a preview makes it a custom voice, free.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { encodeAudio } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import { measureVoice } from '../analysis/pitch-track.ts';
import { languageFit, suitedVoices } from '../catalog/voice-views.ts';
import type { SpeakableVoice } from '../catalog/voice-catalog.ts';
import { previewText } from '../catalog/voice-preview.ts';
import type { CustomVoiceDeps } from '../custom/custom-deps.ts';
import type { CustomVoiceService } from '../custom/custom-voice-service.ts';
import { createdVoice, type CreatedVoice } from '../custom/custom-voice-views.ts';
import type { EspeakEngine } from '../engines/espeak/espeak-engine.ts';
import type { TtsResult } from '../engines/tts-engine.ts';
import { describeVoice, type VoiceDescription } from './describe-voice.ts';
import {
  espeakCandidates,
  kokoroCandidates,
  type DesignCandidate,
  type KokoroChoice,
} from './design-candidates.ts';
import { designLanguage } from './design-language.ts';
import type {
  designRequestSchema,
  designResponseSchema,
  publishRequestSchema,
} from './design-schemas.ts';

export type DesignRequest = z.output<typeof designRequestSchema>;
export type DesignResponse = z.output<typeof designResponseSchema>;
export type PublishRequest = z.output<typeof publishRequestSchema>;

/** How long a preview can be published (and its audio fetched). */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

interface StoredParams extends DesignCandidate {
  language: string;
  seed: number;
  description: VoiceDescription;
  measured_f0_hz: number;
}

export class DesignService {
  private readonly dir: string;

  constructor(
    private readonly deps: CustomVoiceDeps,
    private readonly espeak: EspeakEngine,
    private readonly custom: CustomVoiceService,
  ) {
    this.dir = path.join(deps.folders.root, 'design-previews');
  }

  async design(ownerId: string, body: DesignRequest, origin: string): Promise<DesignResponse> {
    if (this.deps.pricing.localPlan().stems_tier === 'basic')
      throw new AppError(
        'PREMIUM_TIER_REQUIRED',
        'Voice design is a paid-tier feature (Creator plan and above). The machine’s owner can change the Local plan (PUT /local/plan).',
      );
    this.sweep();
    const parsed = describeVoice(body.design_prompt);
    const { language, source } = designLanguage(body.design_prompt, parsed, body.language);
    const base = this.baseVoice(language, parsed);
    const seed = body.seed ?? randomInt(0, 2 ** 31 - 1);
    const count = body.num_samples;
    const kokoro = this.kokoroVoices(language);
    const candidates =
      kokoro.length > 0
        ? kokoroCandidates(kokoro, parsed, seed, count)
        : espeakCandidates(base.engineVoice, parsed, seed, count);
    if (candidates.length === 0)
      throw new AppError('validation_error', 'No voice of this engine fits that description.', {
        details: { fields: [{ loc: ['body', 'design_prompt'], msg: 'no matching voice' }] },
      });
    const text = body.preview_text ?? previewText(language);
    const credits = this.deps.pricing.multipliers().voice_cloning_generation * candidates.length;
    const reservation = this.deps.charges.reserve(ownerId, {
      amount: credits,
      serviceType: 'voice_design',
      metadata: { previews: candidates.length, seed },
    });
    const written: string[] = [];
    try {
      const previews = [];
      for (const candidate of candidates) {
        const pcm = await this.render(candidate, base, language, text);
        const id = randomUUID();
        fs.mkdirSync(this.dir, { recursive: true });
        const file = path.join(this.dir, `${id}.mp3`);
        await encodeAudio(
          await this.deps.ffmpeg(),
          { samples: pcm.samples, sampleRate: pcm.sampleRate, channels: 1 },
          file,
          { format: 'mp3' },
        );
        written.push(file);
        const measured = Math.round(measureVoice(pcm.samples, pcm.sampleRate).f0);
        const duration = Math.round((pcm.samples.length / pcm.sampleRate) * 1000) / 1000;
        const params: StoredParams = {
          ...candidate,
          language,
          seed,
          description: parsed,
          measured_f0_hz: measured,
        };
        const expiresAt = new Date(Date.now() + PREVIEW_TTL_MS).toISOString();
        this.deps.repo.insertPreview({
          id,
          ownerId,
          description: body.design_prompt,
          language,
          previewText: text,
          params: { ...params },
          audioPath: path.posix.join('custom-voices', 'design-previews', `${id}.mp3`),
          durationSeconds: duration,
          expiresAt,
        });
        const signed = this.deps.urls.sign({
          path: file,
          filename: `design-${id}.mp3`,
          contentType: 'audio/mpeg',
        });
        previews.push({
          preview_id: id,
          audio_url: `${origin}${signed.url}`,
          expires_at: expiresAt,
          preview_text: text,
          duration,
          voice: {
            engine: candidate.engine,
            engine_voice: candidate.engineVoice,
            variant: candidate.variant,
            blend: candidate.blend,
            pitch: candidate.pitch,
            rate: candidate.rate,
            energy: candidate.energy,
            gender: candidate.gender,
            age: candidate.age,
            measured_f0_hz: measured,
          },
        });
      }
      this.deps.charges.settle(reservation.id, {
        audioDuration: previews.reduce((s, p) => s + p.duration, 0),
      });
      return {
        previews,
        credits_charged: credits,
        language,
        language_source: source,
        seed,
        parameters: {
          gender: parsed.gender,
          age: parsed.age,
          pitch: parsed.pitch,
          pace: parsed.pace,
          liveliness: parsed.liveliness,
          timbre: parsed.timbre,
          accent: parsed.localeSource === 'accent' ? parsed.locale : null,
          matched: parsed.matched,
        },
        ignored: this.ignored(parsed, language, candidates),
      };
    } catch (error) {
      this.deps.charges.refund(reservation.id);
      for (const file of written) fs.rmSync(file, { force: true });
      throw error;
    }
  }

  /** POST /voice/design/publish: the preview becomes the caller's custom voice (free). */
  publish(ownerId: string, body: PublishRequest): CreatedVoice {
    const preview = this.deps.repo.preview(ownerId, body.preview_id);
    if (!preview || preview.expiresAt < new Date().toISOString())
      throw new AppError('not_found', `No design preview ${body.preview_id} (previews last 24 h).`);
    if (preview.publishedVoiceId !== null) {
      const published = this.deps.repo.get(preview.publishedVoiceId);
      if (published) return createdVoice(published);
    }
    const params = preview.params as unknown as StoredParams;
    const identity = this.custom.newIdentity();
    const folder = this.deps.folders.relative(identity.uuid);
    const audio = path.posix.join(folder, 'reference.mp3');
    fs.mkdirSync(this.deps.folders.absolute(folder), { recursive: true });
    fs.copyFileSync(
      this.deps.folders.absolute(preview.audioPath),
      this.deps.folders.absolute(audio),
    );
    const now = new Date().toISOString();
    const row = this.deps.repo.insert({
      id: identity.id,
      uuid: identity.uuid,
      ownerId,
      name: body.name,
      description: body.description ?? preview.description,
      kind: 'design',
      status: 'COMPLETED',
      isPublic: body.is_public ?? false,
      language: params.language,
      gender: params.gender,
      age: params.age,
      engine: params.engine,
      engineVoice: params.engineVoice,
      pitch: params.pitch,
      rate: params.rate,
      packId: null,
      folder,
      audioPath: audio,
      design: { ...params, prompt: preview.description, preview_id: preview.id },
      f0: params.measured_f0_hz,
      processedAt: now,
    });
    this.deps.repo.markPublished(preview.id, row.id);
    this.deps.catalog.refresh();
    return createdVoice(row);
  }

  private render(
    candidate: DesignCandidate,
    base: SpeakableVoice,
    language: string,
    text: string,
  ): Promise<TtsResult> {
    if (candidate.engine === 'espeak')
      return this.espeak.synthesizeExact({
        text,
        voice: candidate.engineVoice,
        speed: candidate.rate,
        pitch: candidate.pitch,
        energy: candidate.energy,
      });
    const voice: SpeakableVoice = {
      ...base,
      id: 0,
      engine: 'kokoro',
      engineVoice: candidate.engineVoice,
      language,
      tier: 'neural',
      prosody: { pitch: 1, rate: candidate.rate },
    };
    return this.deps.synth.synthesize(voice, { text, speed: 1 });
  }

  /** The embedded voice for the language: the accent's dialect voice when it has one. */
  private baseVoice(language: string, parsed: VoiceDescription): SpeakableVoice {
    const embedded = this.deps.catalog
      .list()
      .filter((v) => v.engine === 'espeak' && !v.variant && !v.owner);
    const locale = language.toLowerCase() === 'en' ? 'en-US' : language;
    const wanted = parsed.localeSource === 'accent' && parsed.locale ? parsed.locale : locale;
    const exact = embedded.find((v) => v.language.toLowerCase() === wanted.toLowerCase());
    const voice = exact ?? suitedVoices(embedded, wanted)[0] ?? suitedVoices(embedded, locale)[0];
    if (!voice)
      throw new AppError('validation_error', `No voice speaks ${language}.`, {
        details: { fields: [{ loc: ['body', 'language'], msg: 'no voice for this language' }] },
      });
    return voice;
  }

  /** Installed Kokoro voices of the language (blending needs them). */
  private kokoroVoices(language: string): KokoroChoice[] {
    return this.deps.catalog
      .list()
      .filter((v) => v.engine === 'kokoro' && !v.owner && languageFit(v, language) >= 2)
      .map((v) => ({ voice: v.engineVoice.replace(/^kokoro:/, ''), gender: v.gender }));
  }

  private ignored(parsed: VoiceDescription, language: string, candidates: DesignCandidate[]) {
    const out: string[] = [];
    if (parsed.foreignAccent)
      out.push(
        `a ${parsed.foreignAccent} accent on ${language}: no engine here speaks one language with another's accent`,
      );
    if (candidates[0]?.engine === 'kokoro') {
      if (parsed.pitch !== 'medium') out.push('pitch: Kokoro voices have no pitch control');
      if (parsed.timbre.length > 0)
        out.push(`timbre (${parsed.timbre.join(', ')}): Kokoro blends only voices`);
      if (parsed.liveliness !== 'neutral') out.push('liveliness: Kokoro has no energy control');
    }
    return out;
  }

  /** Expired, unpublished previews and their audio go. */
  private sweep(): void {
    for (const preview of this.deps.repo.expiredPreviews(new Date().toISOString())) {
      fs.rmSync(this.deps.folders.absolute(preview.audioPath), { force: true });
      this.deps.repo.deletePreview(preview.id);
    }
  }
}
