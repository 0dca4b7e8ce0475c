/**
 * Stem separation without HTTP types: reading the create/quote forms (multipart with a file,
 * or fields naming an uploaded `file_key`), measuring the audio, planning, quoting, creating the
 * job, and the status view with freshly signed download URLs. Routes (routes.ts) are thin rows
 * over these functions.
 */
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { isMultipart } from '../../../api/multipart.ts';
import { fetchUrlInput, storeMultipartUpload } from '../../platform/index.ts';
import { probeMedia, requireAudio } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { MusicDeps } from '../music-deps.ts';
import { toStoredFile, type StoredFile } from '../../platform/index.ts';
import type { InstalledEngine } from './separation-engine.ts';
import { STEM_CATALOG } from './stem-catalog.ts';
import { installedEngines } from './stem-engines.ts';
import { STEM_JOB_TYPE, stemJobDir, type StemJobInput, type StemJobResult } from './stem-job.ts';
import {
  MODES,
  SINGLE_MODE_STEMS,
  STEM_MODES,
  singleModeStems,
  type StemMode,
} from './stem-modes.ts';
import { planTierOf, tierAllows } from './stem-plan.ts';
import { planSeparation, type SeparationPlan, type StemRequest } from './stem-planner.ts';
import { baseRate, CREDITS_PER_USD, quoteGroups, rateCard } from './stem-pricing.ts';
import { DSP_QUALITY_NOTE, NEURAL_QUALITY_NOTE } from './stem-schemas.ts';

/** Longest input accepted (docs/api/stems.md): bounded time and disk per job. */
export const MAX_STEM_SECONDS = 3 * 3600;
export const MAX_STEM_UPLOAD_BYTES = 2 * 1024 ** 3;
/** Finished outputs are kept this long, then purged (stemJobOutputs answers 'expired'). */
export const STEM_RETENTION_DAYS = 30;

export interface StemForm {
  fields: Record<string, string>;
  file: StoredFile;
}

/** Reads a create/quote body: multipart with `file` (or `file_key`), or JSON/urlencoded fields. */
export async function readStemForm(
  deps: MusicDeps,
  ownerId: string,
  stream: Readable | null,
  headers: Record<string, string | undefined>,
  signal: AbortSignal,
): Promise<StemForm> {
  let fields: Record<string, string> = {};
  let uploaded: StoredFile | null = null;
  if (stream && isMultipart(headers['content-type'])) {
    const upload = await storeMultipartUpload(deps.files, ownerId, stream, headers, {
      maxFileBytes: MAX_STEM_UPLOAD_BYTES,
      what: 'An audio upload',
      signal,
    });
    fields = upload.fields;
    uploaded = upload.file;
  } else if (stream) {
    const text = await readSmallBody(stream);
    fields = parseFields(text, headers['content-type']);
  }
  const sources = [uploaded !== null, Boolean(fields.file_key), Boolean(fields.url)].filter(
    Boolean,
  );
  if (sources.length !== 1) {
    throw new AppError(
      'validation_error',
      sources.length === 0
        ? 'Send the audio: a multipart "file" part, or "file_key" of an uploaded file.'
        : 'Send exactly one of file, file_key and url.',
      {
        details: { fields: [{ loc: ['body', 'file'], msg: 'exactly one of file, file_key, url' }] },
      },
    );
  }
  // A url goes through platform's one fetcher (public addresses only, DNS pinned, limits).
  const file =
    uploaded ??
    (fields.url
      ? await fetchUrlInput(deps, ownerId, fields.url, signal)
      : toStored(deps, ownerId, fields.file_key!));
  return { fields, file };
}

function toStored(deps: MusicDeps, ownerId: string, key: string): StoredFile {
  return toStoredFile(deps.files.get(ownerId, key));
}

async function readSmallBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024)
      throw new AppError('payload_too_large', 'Form bodies are limited to 64 KiB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseFields(text: string, contentType: string | undefined): Record<string, string> {
  if (text.trim() === '') return {};
  if ((contentType ?? '').includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('validation_error', 'The body is not valid JSON.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new AppError('validation_error', 'The body must be a JSON object.');
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The request a form describes; `advanced` for the catalog route. */
export function requestFromFields(fields: Record<string, string>, advanced: boolean): StemRequest {
  if (advanced || (fields.single_stem ?? fields.exclude_stems) !== undefined) {
    let exclude: string[] = [];
    if (fields.exclude_stems !== undefined && fields.exclude_stems !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(fields.exclude_stems);
      } catch {
        parsed = null;
      }
      if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string'))
        throw new AppError(
          'validation_error',
          'exclude_stems must be a JSON array of catalog ids, e.g. ["vocals"].',
          {
            details: { fields: [{ loc: ['body', 'exclude_stems'], msg: 'JSON array of strings' }] },
          },
        );
      exclude = parsed as string[];
    }
    return { kind: 'advanced', singleStem: fields.single_stem || undefined, excludeStems: exclude };
  }
  const mode = fields.mode ?? 'two';
  if (!(STEM_MODES as readonly string[]).includes(mode))
    throw new AppError(
      'validation_error',
      `mode must be one of ${STEM_MODES.join(', ')}; got "${mode}"`,
      {
        details: { fields: [{ loc: ['body', 'mode'], msg: 'unknown mode' }] },
      },
    );
  return { kind: 'mode', mode: mode as StemMode, stem: fields.stem };
}

/** Probes the upload: duration in seconds, with the clear errors for non-audio and over-long input. */
export async function measureSeconds(
  deps: MusicDeps,
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  const ffmpeg = await deps.ffmpeg.require();
  const info = await probeMedia(ffmpeg, file, signal ? { signal } : {});
  requireAudio(info, file);
  const seconds = info.duration_seconds;
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) {
    throw new AppError(
      'invalid_audio',
      'The file has no measurable audio duration (empty or unreadable).',
    );
  }
  if (seconds > MAX_STEM_SECONDS) {
    throw new AppError(
      'validation_error',
      `The audio is ${(seconds / 3600).toFixed(1)} hours long; stem separation takes at most ${MAX_STEM_SECONDS / 3600} hours per file. Split it first.`,
      { details: { duration_seconds: seconds, max_seconds: MAX_STEM_SECONDS } },
    );
  }
  return seconds;
}

export function planFor(deps: MusicDeps, ownerId: string, request: StemRequest): SeparationPlan {
  return planSeparation(request, installedEngines(deps), planTierOf(deps, ownerId));
}

export function quoteFor(deps: MusicDeps, plan: SeparationPlan, seconds: number) {
  const quote = quoteGroups(rateCard(baseRate(deps.pricing)), plan.groups, seconds);
  return {
    ...quote,
    outputs: plan.outputs.map(({ stem, engine, tier }) => ({ stem, engine, tier })),
    unavailable_stems: plan.unavailable,
  };
}

export async function createStemJob(
  deps: MusicDeps,
  ownerId: string,
  form: StemForm,
  advanced: boolean,
  signal: AbortSignal,
): Promise<JobRow> {
  const request = requestFromFields(form.fields, advanced);
  const plan = planFor(deps, ownerId, request);
  const file = deps.files.pathOf(deps.files.get(ownerId, form.file.file_key));
  const seconds = await measureSeconds(deps, file, signal);
  const quote = quoteFor(deps, plan, seconds);
  const input: StemJobInput = {
    file_key: form.file.file_key,
    original_filename: form.file.filename,
    mode: request.kind === 'mode' ? request.mode : 'advanced',
    stems_requested: plan.outputs.map((o) => o.stem),
    outputs: plan.outputs,
    unavailable: plan.unavailable,
    quote: {
      duration_seconds: quote.duration_seconds,
      billed_seconds: quote.billed_seconds,
      groups: quote.groups.map(({ group, stems, credits }) => ({ group, stems, credits })),
      total_credits: quote.total_credits,
    },
  };
  return deps.jobs.create(ownerId, STEM_JOB_TYPE, input);
}

const STATUS: Record<string, 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED'> = {
  queued: 'PENDING',
  running: 'PROCESSING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** The stem job row, 404 when it is not the caller's stem job. */
export function stemJobRow(deps: MusicDeps, ownerId: string, id: number): JobRow {
  const row = deps.jobRepo.get(id);
  if (!row || row.ownerId !== ownerId || row.type !== STEM_JOB_TYPE)
    throw new AppError('not_found', `Stem job ${id} not found.`);
  return row;
}

function expired(deps: MusicDeps, row: JobRow): boolean {
  if (row.status !== 'completed') return false;
  const dir = stemJobDir(deps, row.id);
  const now = deps.clock.now();
  const finished = row.finishedAt ? Date.parse(row.finishedAt) : now;
  if (now - finished > STEM_RETENTION_DAYS * 86400_000) {
    fs.rmSync(dir, { recursive: true, force: true });
    return true;
  }
  return !fs.existsSync(dir);
}

export function stemJobView(deps: MusicDeps, row: JobRow) {
  const input = row.input as StemJobInput;
  const result = (row.result ?? null) as StemJobResult | null;
  const gone = expired(deps, row);
  const urls: Record<string, string> = {};
  let expiresAt: string | null = null;
  if (result && !gone) {
    const base = path.parse(input.original_filename).name || 'audio';
    for (const stem of result.stems) {
      const file = path.join(deps.config.home, stem.file);
      if (!fs.existsSync(file)) continue;
      const signed = deps.urls.sign({
        path: file,
        filename: `${base}_${stem.stem}.wav`,
        contentType: 'audio/wav',
      });
      urls[stem.stem] = signed.url;
      expiresAt = signed.expiresAt;
    }
  }
  const anyDsp = input.outputs.some((o) => o.tier === 'dsp');
  return {
    id: row.id,
    status: STATUS[row.status] ?? 'PENDING',
    progress: Math.round(row.progress),
    stage: row.stage,
    eta_seconds: row.etaSeconds === null ? null : Math.round(row.etaSeconds),
    mode: input.mode,
    stems_requested: input.stems_requested,
    download_urls: urls,
    urls_expire_at: expiresAt,
    outputs: input.outputs,
    quality_tier: anyDsp ? ('dsp' as const) : ('neural' as const),
    quality_note: anyDsp ? DSP_QUALITY_NOTE : NEURAL_QUALITY_NOTE,
    failed_stems: result && Object.keys(result.failed).length > 0 ? result.failed : null,
    unavailable_stems: input.unavailable,
    duration: result?.duration_seconds ?? input.quote.duration_seconds,
    original_filename: input.original_filename,
    credits_reserved: input.quote.total_credits,
    credits_charged: result ? result.charged_credits : null,
    refunded_groups: result?.refunded_groups ?? [],
    outputs_expired: gone,
    created_at: row.createdAt,
    completed_at: row.finishedAt,
    error_message: row.errorMessage,
  };
}

function engineView(engine: InstalledEngine) {
  return {
    id: engine.id,
    tier: engine.tier,
    title: engine.title,
    stems: [...engine.stems],
    quality_note: engine.tier === 'dsp' ? DSP_QUALITY_NOTE : NEURAL_QUALITY_NOTE,
  };
}

function producible(engines: InstalledEngine[], stem: string): boolean {
  return engines.some((e) => e.stems.includes(stem));
}

export function catalogView(deps: MusicDeps, ownerId: string) {
  const tier = planTierOf(deps, ownerId);
  const engines = installedEngines(deps);
  return STEM_CATALOG.map((entry) => ({
    id: entry.id,
    label: entry.label,
    description: entry.description,
    group: entry.group,
    public_tier: entry.public_tier,
    allowed: tierAllows(tier, entry.public_tier),
    excludable: entry.excludable,
    available: producible(engines, entry.id),
  }));
}

export function packagesView(deps: MusicDeps, ownerId: string) {
  const tier = planTierOf(deps, ownerId);
  const engines = installedEngines(deps);
  const modes = STEM_MODES.map((mode) => {
    if (mode === 'single') {
      const stems = SINGLE_MODE_STEMS.filter((s) =>
        singleModeStems(s).required.every((x) => producible(engines, x)),
      );
      return {
        mode,
        required_tier: 'basic' as const,
        allowed: true,
        max_stems: 2,
        description: 'one named stem plus everything else',
        stems: [...stems],
        available: stems.length > 0,
      };
    }
    const def = MODES[mode];
    return {
      mode,
      required_tier: def.tier,
      allowed: tierAllows(tier, def.tier),
      max_stems: def.maxStems,
      description: def.description,
      stems: [...def.required, ...def.optional].filter((s) => producible(engines, s)),
      available: def.required.every((s) => producible(engines, s)),
    };
  });
  return {
    plan_tier: tier,
    modes,
    catalog_stems_allowed: STEM_CATALOG.filter((e) => tierAllows(tier, e.public_tier)).map(
      (e) => e.id,
    ),
    engines: engines.map(engineView),
  };
}

export function pricingView(deps: MusicDeps) {
  const base = baseRate(deps.pricing);
  return {
    base_rate_usd_per_minute: Math.round((base / CREDITS_PER_USD) * 10000) / 10000,
    credits_per_usd: CREDITS_PER_USD,
    groups: rateCard(base),
    rounding: 'Quotes round the duration up to whole seconds and the total down to whole credits.',
  };
}
