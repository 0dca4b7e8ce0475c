/**
 * Custom voices (document 3, "Voices"; docs/api/voices-custom.md): made from one sample or
 * several (a `voice_cloning` job takes them PROCESSING → COMPLETED), cloned at once from a 5–30 s
 * clip, or published from a design preview (design/); listed, renamed, shared and deleted by
 * their owner. Every route checks the sample(s) before it looks for a cloning pack or charges
 * anything, so a bad clip is a 400 on every machine; a missing pack is a 503 naming it. The voice
 * is the prompt cut from its sample (voice-prompt.ts), spoken by the chosen pack's model.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../errors.ts';
import { requireRecordingCleaner } from '../../cleanup/index.ts';
import { stableVoiceId } from '../catalog/standard-voices.ts';
import { chooseClonePack } from '../cloning/clone-pack-choice.ts';
import type { ReadyClonePack } from '../cloning/clone-packs.ts';
import { clonedVoiceKey } from '../engines/cloned/cloned-voice-key.ts';
import type { SampleReport } from '../samples/sample-analyzer.ts';
import { MULTI_SAMPLE_FILES, type SampleKind } from '../samples/sample-rules.ts';
import { readSampleUpload } from '../samples/sample-upload.ts';
import type { CustomVoiceDeps } from './custom-deps.ts';
import {
  booleanField,
  optionalDescription,
  optionalLanguage,
  optionalModel,
  optionalReferenceText,
  requiredName,
} from './custom-voice-fields.ts';
import type { CustomVoiceRow } from './custom-voice-repo.ts';
import type { CustomLibrary, CustomListing } from '../catalog/voices-service.ts';
import {
  createdVoice,
  customVoiceEntry,
  speakableCustomVoice,
  type CreatedVoice,
} from './custom-voice-views.ts';
import { quoteVoiceCloning, VOICE_CLONING_JOB } from './voice-cloning-job.ts';
import {
  genderFromF0,
  median,
  preparePrompt,
  wordsAvailable,
  writeReference,
} from './voice-processing.ts';
import type { ClipTranscriber } from './voice-prompt.ts';

/** 100 MB per sample: an hour of 16-bit mono at 22 kHz is far more than any sample needs. */
const MAX_SAMPLE_BYTES = 100 * 1024 * 1024;

export interface UploadRequest {
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  signal: AbortSignal;
}

export interface VoicePatch {
  name?: string | undefined;
  description?: string | undefined;
  is_public?: boolean | undefined;
}

export class CustomVoiceService implements CustomLibrary {
  constructor(private readonly deps: CustomVoiceDeps) {
    deps.folders.sweepIncoming();
    deps.catalog.useCustomVoices(() =>
      deps.repo
        .all()
        .filter((row) => row.status === 'COMPLETED')
        .map(speakableCustomVoice),
    );
  }

  /** POST /voice/voice-profiles: one sample (10–60 s), optionally denoised first. */
  createFromSample(ownerId: string, request: UploadRequest): Promise<CreatedVoice> {
    return this.createFromUpload(ownerId, request, 'sample');
  }

  /** POST /voice/voice-profiles/multi-sample: 2–5 samples of one speaker. */
  createFromSamples(ownerId: string, request: UploadRequest): Promise<CreatedVoice> {
    return this.createFromUpload(ownerId, request, 'multi_sample');
  }

  /** POST /voice/voice-clone: a 5–30 s clip, cloned in the request and usable at once. */
  async cloneInstantly(ownerId: string, request: UploadRequest): Promise<CreatedVoice> {
    const incoming = this.deps.folders.incoming();
    let uuid: string | null = null;
    try {
      const upload = await readSampleUpload(request.stream, request.headers, {
        field: 'file',
        maxFiles: 1,
        maxFileBytes: MAX_SAMPLE_BYTES,
        dir: incoming,
        signal: request.signal,
      });
      const name = requiredName(upload.fields);
      const language = optionalLanguage(upload.fields);
      const referenceText = optionalReferenceText(upload.fields);
      const model = optionalModel(upload.fields);
      const file = upload.files[0];
      if (!file) throw missingFile('file');
      // The checks every clip gets, and one DNSMOS window for the report: before any pack.
      const report = await this.deps.analyzer.analyze('clone', [file], {
        signal: request.signal,
        dnsmosWindows: 1,
      });
      const pack = chooseClonePack(this.deps.models, {
        language,
        model,
        wordsAvailable: wordsAvailable(this.deps, referenceText),
      });
      const reservation = this.deps.charges.reserve(ownerId, {
        amount: this.deps.pricing.multipliers().voice_cloning_generation,
        serviceType: VOICE_CLONING_JOB,
        metadata: { kind: 'clone' },
      });
      try {
        const identity = this.newIdentity();
        uuid = identity.uuid;
        const dir = this.deps.folders.adopt(incoming, identity.uuid);
        const sample = this.deps.folders.samples(identity.uuid)[0] ?? '';
        await preparePrompt(this.deps, pack, sample, dir, {
          referenceText,
          language: language ?? pack.languages[0] ?? null,
          signal: request.signal,
        });
        await writeReference(this.deps, sample, path.join(dir, 'reference.wav'), request.signal);
        const f0 = median(report.files.map((f) => f.f0_hz));
        const row = this.deps.repo.insert({
          ...this.baseRow(ownerId, identity, 'clone', name, '', pack, language),
          status: 'COMPLETED',
          audioPath: path.posix.join(this.deps.folders.relative(identity.uuid), 'reference.wav'),
          report: { ...report },
          f0,
          gender: genderFromF0(f0),
          processedAt: new Date().toISOString(),
        });
        this.deps.charges.settle(reservation.id, {
          audioDuration: report.files[0]?.duration_seconds ?? 0,
        });
        this.deps.catalog.refresh();
        return createdVoice(row);
      } catch (error) {
        this.deps.charges.refund(reservation.id);
        throw error;
      }
    } catch (error) {
      if (uuid) this.deps.folders.remove(uuid);
      throw error;
    } finally {
      fs.rmSync(incoming, { recursive: true, force: true });
    }
  }

  private async createFromUpload(
    ownerId: string,
    request: UploadRequest,
    kind: 'sample' | 'multi_sample',
  ): Promise<CreatedVoice> {
    const multi = kind === 'multi_sample';
    const field = multi ? 'voice_files' : 'file';
    const incoming = this.deps.folders.incoming();
    let created: CustomVoiceRow | null = null;
    try {
      const upload = await readSampleUpload(request.stream, request.headers, {
        field,
        maxFiles: multi ? MULTI_SAMPLE_FILES.max : 1,
        maxFileBytes: MAX_SAMPLE_BYTES,
        dir: incoming,
        signal: request.signal,
      });
      const name = requiredName(upload.fields);
      const description = optionalDescription(upload.fields);
      const denoise = booleanField(upload.fields, 'denoise', false);
      const isPublic = booleanField(upload.fields, 'is_public', false);
      const language = optionalLanguage(upload.fields);
      const referenceText = optionalReferenceText(upload.fields);
      const model = optionalModel(upload.fields);
      if (upload.files.length === 0) throw missingFile(field);
      if (multi && upload.files.length < MULTI_SAMPLE_FILES.min)
        throw new AppError(
          'validation_error',
          `A multi-sample voice needs ${MULTI_SAMPLE_FILES.min} to ${MULTI_SAMPLE_FILES.max} files in voice_files (got ${upload.files.length}).`,
          { details: { fields: [{ loc: ['body', 'voice_files'], msg: 'too few files' }] } },
        );
      // Sample checks first (400 on any machine), DNSMOS left to the job (it is the slow part).
      const report = await this.deps.analyzer.analyze(kind, upload.files, {
        signal: request.signal,
        dnsmosWindows: 0,
      });
      const pack = chooseClonePack(this.deps.models, {
        language,
        model,
        wordsAvailable: wordsAvailable(this.deps, referenceText),
      });
      if (denoise) requireRecordingCleaner(this.deps);
      const identity = this.newIdentity();
      this.deps.folders.adopt(incoming, identity.uuid);
      created = this.deps.repo.insert({
        ...this.baseRow(ownerId, identity, kind, name, description, pack, language),
        isPublic,
        report: { ...report },
      });
      const job = await this.deps.jobs.create(ownerId, VOICE_CLONING_JOB, {
        voice_id: created.id,
        denoise,
        reference_text: referenceText,
      });
      const row = this.deps.repo.update(created.id, { jobId: job.id }) ?? created;
      return createdVoice(row);
    } catch (error) {
      if (created) {
        this.deps.repo.delete(created.id);
        this.deps.folders.remove(created.uuid);
      }
      throw error;
    } finally {
      fs.rmSync(incoming, { recursive: true, force: true });
    }
  }

  /**
   * POST /voice/samples/analyze (ours): the studio's live quality meter. The same checks as the
   * creating routes, answered as a verdict instead of a 400, with one DNSMOS window (the last
   * 9 s for a recording in progress). Free: nothing is stored or charged.
   */
  async analyzeLive(request: UploadRequest) {
    const incoming = this.deps.folders.incoming();
    try {
      const upload = await readSampleUpload(request.stream, request.headers, {
        field: 'file',
        maxFiles: 1,
        maxFileBytes: MAX_SAMPLE_BYTES,
        dir: incoming,
        signal: request.signal,
      });
      const file = upload.files[0];
      if (!file) throw missingFile('file');
      const kind = (upload.fields.kind?.trim() || 'live') as SampleKind;
      if (!['live', 'sample', 'clone'].includes(kind))
        throw new AppError('validation_error', 'kind must be live, sample or clone.', {
          details: { fields: [{ loc: ['body', 'kind'], msg: 'unknown kind' }] },
        });
      const report = await this.deps.analyzer.analyze(kind, [file], {
        signal: request.signal,
        dnsmosWindows: 1,
        lenient: true,
      });
      const refusal = report.files[0]?.refusal ?? null;
      return { ...report, verdict: refusal ? ('refused' as const) : ('ok' as const), refusal };
    } finally {
      fs.rmSync(incoming, { recursive: true, force: true });
    }
  }

  /** Lets ZipVoice voices be made without typed words (engine.ts registers Whisper here). */
  useTranscriber(transcriber: ClipTranscriber): void {
    this.deps.hearing.transcriber = transcriber;
  }

  /** The price of a voice from samples (what the job reserves). */
  quote(denoise: boolean, report: SampleReport) {
    return quoteVoiceCloning(
      this.deps,
      denoise,
      report.files.reduce((s, f) => s + f.duration_seconds, 0),
    );
  }

  /** The library's view: the owner's voices in any state, others' public completed ones. */
  visibleTo(ownerId: string, includePublic: boolean): CustomListing[] {
    return this.deps.repo
      .visibleTo(ownerId, includePublic)
      .filter((row) => row.ownerId === ownerId || row.status === 'COMPLETED')
      .map((row) => ({
        voice: speakableCustomVoice(row),
        status: row.status,
        processedAt: row.processedAt,
        entry: (generations: number) => customVoiceEntry(row, generations),
      }));
  }

  /** A custom voice the caller may see (their own or a public one), else 404. */
  visible(ownerId: string, id: number): CustomVoiceRow {
    const row = this.deps.repo.get(id);
    if (!row || (row.ownerId !== ownerId && !row.isPublic))
      throw new AppError('not_found', `No custom voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return row;
  }

  /** The caller's own voice, else 404 (another user's voice looks missing). */
  own(ownerId: string, id: number): CustomVoiceRow {
    const row = this.deps.repo.get(id);
    if (!row || row.ownerId !== ownerId)
      throw new AppError('not_found', `No custom voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return row;
  }

  detail(ownerId: string, id: number): CreatedVoice {
    return createdVoice(this.visible(ownerId, id));
  }

  update(ownerId: string, id: number, patch: VoicePatch): CreatedVoice {
    this.own(ownerId, id);
    const row = this.deps.repo.update(id, {
      ...(patch.name !== undefined && { name: patch.name.trim() }),
      ...(patch.description !== undefined && { description: patch.description.trim() }),
      ...(patch.is_public !== undefined && { isPublic: patch.is_public }),
    });
    this.deps.catalog.refresh();
    if (!row) throw new AppError('not_found', `No custom voice with id ${id}.`);
    return createdVoice(row);
  }

  /** Deletes the voice and its files; a voice still processing has its job cancelled first. */
  delete(ownerId: string, id: number): { id: number; deleted: true } {
    const row = this.own(ownerId, id);
    if (row.status === 'PROCESSING' && row.jobId !== null) {
      try {
        this.deps.jobs.cancel(row.jobId);
      } catch {
        // Already finished: nothing to cancel.
      }
    }
    this.deps.repo.delete(id);
    this.deps.folders.remove(row.uuid);
    this.deps.previews.forget(id);
    this.deps.catalog.refresh();
    return { id, deleted: true };
  }

  /** A fresh UUID whose id collides with no voice of the catalog or the table. */
  newIdentity(): { uuid: string; id: number } {
    for (;;) {
      const uuid = randomUUID();
      const id = stableVoiceId(`custom:${uuid}`);
      if (!this.deps.catalog.get('', id) && !this.deps.repo.get(id)) return { uuid, id };
    }
  }

  private baseRow(
    ownerId: string,
    identity: { uuid: string; id: number },
    kind: CustomVoiceRow['kind'],
    name: string,
    description: string,
    pack: ReadyClonePack,
    language: string | null,
  ) {
    return {
      id: identity.id,
      uuid: identity.uuid,
      ownerId,
      name,
      description,
      kind,
      status: 'PROCESSING' as const,
      language: language ?? pack.languages[0] ?? 'en-US',
      engine: pack.family,
      engineVoice: clonedVoiceKey(pack.family, pack.id, identity.uuid),
      packId: pack.id,
      folder: this.deps.folders.relative(identity.uuid),
    };
  }
}

function missingFile(field: string): AppError {
  return new AppError('validation_error', `Send the audio in "${field}".`, {
    details: { fields: [{ loc: ['body', field], msg: 'required' }] },
  });
}
