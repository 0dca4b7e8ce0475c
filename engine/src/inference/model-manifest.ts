/**
 * Model pack manifests: one JSON file per pack in the repo's models/ folder, naming every file
 * of the pack with its public download URL, sha256 and size. The installer trusts nothing but
 * these hashes, so the schema is strict (unknown keys are typos) and checked in CI against
 * every committed manifest. models/schema/model-pack.schema.json is generated from it for
 * editors (`npm run models -- schema`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { translatorProblems, translatorSchema } from './translator-spec.ts';

export const MANIFEST_VERSION = 1;

/** The file every installed pack folder holds besides the pack's own files. */
export const INSTALLED_RECORD = 'installed.json';

export const MODEL_TASKS = [
  'midi',
  'denoise',
  'vad',
  'quality',
  'tts',
  'stems',
  'asr',
  'translation',
  'voice-conversion',
  'speaker-embedding',
  'music',
] as const;

export type ModelTask = (typeof MODEL_TASKS)[number];

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ARCHIVE_NAME = /\.(tar\.bz2|tbz2|tar\.gz|tgz|tar)$/;

const packId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');

const fileName = z
  .string()
  .max(128)
  .regex(SEGMENT, 'a plain file name (letters, digits, . _ -), no folders')
  .refine((name) => name !== INSTALLED_RECORD, `"${INSTALLED_RECORD}" is reserved`);

/** Relative POSIX path (the layout under TAPEHOUSE_MODELS_DIR), never escaping its root. */
const relativePath = z
  .string()
  .max(512)
  .refine(
    (p) => p.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..'),
    'a relative path with "/" separators and no "..", e.g. "midi/nmp.onnx"',
  );

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Public downloads are HTTPS; plain HTTP only from this machine (tests, a local mirror). */
const downloadUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  } catch {
    return false;
  }
}, 'an https:// URL (http:// only for 127.0.0.1 or localhost)');

/** A member of an archive file to unpack on install (the archive itself is not kept). */
export const archiveMemberSchema = z.strictObject({
  member: z
    .string()
    .max(512)
    .refine(
      (p) => p.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..'),
      'a path inside the archive, "/" separated, no ".."',
    )
    .describe('Path of the member inside the archive.'),
  name: fileName.describe('File name in the installed pack; what code asks for.'),
  path: relativePath.describe('Where the unpacked file sits under TAPEHOUSE_MODELS_DIR.'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe('SHA-256 of the unpacked member, when a source states it; checked on install.'),
  bytes: z.number().int().positive().optional().describe('Exact size of the unpacked member.'),
});

export const modelFileSchema = z.strictObject({
  name: fileName.describe(
    'File name inside the installed pack folder; what code asks resolveModelFile() for.',
  ),
  path: relativePath.describe(
    'Where the file sits under TAPEHOUSE_MODELS_DIR and under an `install --from` folder.',
  ),
  url: downloadUrl.describe('Public download URL (https).'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits')
    .optional()
    .describe('SHA-256 of the file. Required unless the upstream publishes only md5.'),
  md5: z
    .string()
    .regex(/^[0-9a-f]{32}$/, '32 lower-case hex digits')
    .optional()
    .describe(
      'MD5 published by the upstream (e.g. rhasspy/piper-voices voices.json) for files whose ' +
        'SHA-256 is not published; used only when sha256 is absent. Never invent a digest.',
    ),
  bytes: z.number().int().positive().describe('Exact size in bytes.'),
  digestEvidence: z
    .strictObject({
      kind: z
        .enum(['upstream', 'third-party-attestation', 'mirrors-agree'])
        .describe(
          'upstream: the publisher states the digest; third-party-attestation: someone else ' +
            'states they hold a byte-identical copy with this digest; mirrors-agree: the ' +
            'digest was read on independent mirrors that agree (the canonical URL publishes none).',
        ),
      url: z.url({ protocol: /^https$/ }).describe('Where the digest was read.'),
      note: z.string().min(1).optional(),
    })
    .optional()
    .describe(
      "Where the digest comes from, when not from the URL's own publisher. The installer " +
        'still checks the digest; this tells a reader how far to trust it.',
    ),
  extract: z
    .array(archiveMemberSchema)
    .min(1)
    .optional()
    .describe(
      'For an archive (.tar.bz2, .tar.gz, .tgz, .tar): the members to unpack after its digest is checked. The archive is not kept.',
    ),
});

export type ArchiveMemberSpec = z.infer<typeof archiveMemberSchema>;

/** What code resolves by name: plain files, and the unpacked members of archives. */
export interface PackEntry {
  name: string;
  path: string;
  /** Known for plain files; for members only when the manifest states it. */
  bytes: number | null;
  sha256: string | null;
  md5: string | null;
  /** The archive's sha256 for unpacked members, else null. */
  archiveSha256: string | null;
}

export function packEntries(manifest: { files: ModelFile[] }): PackEntry[] {
  return manifest.files.flatMap((file): PackEntry[] =>
    file.extract
      ? file.extract.map((m) => ({
          name: m.name,
          path: m.path,
          bytes: m.bytes ?? null,
          sha256: m.sha256 ?? null,
          md5: null,
          archiveSha256: file.sha256 ?? null,
        }))
      : [
          {
            name: file.name,
            path: file.path,
            bytes: file.bytes,
            sha256: file.sha256 ?? null,
            md5: file.md5 ?? null,
            archiveSha256: null,
          },
        ],
  );
}

/** The digest the installer checks a file against: sha256 when given, else the published md5. */
export function expectedDigest(file: ModelFile): { algorithm: 'sha256' | 'md5'; hex: string } {
  if (file.sha256 !== undefined) return { algorithm: 'sha256', hex: file.sha256 };
  return { algorithm: 'md5', hex: file.md5 ?? '' };
}

const stemName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a stem id, e.g. "vocals" or "no_vocals"');
const positiveInt = z.number().int().positive();

/**
 * How the stems runner (features/stems/neural) drives a separation model; UVR's
 * model_data.json conventions for MDX-Net (dim_f, dim_t, n_fft, compensate).
 */
export const separatorSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('mdx'),
    file: fileName.describe('The .onnx file of the pack that is the separator.'),
    target: stemName.describe("The stem the model outputs (UVR's primary_stem)."),
    complement: stemName.describe('The stem computed as mix − target.'),
    nFft: positiveInt,
    hop: positiveInt,
    dimF: positiveInt.describe('Frequency bins the model sees (input [batch, 4, dim_f, dim_t]).'),
    dimT: positiveInt.describe('STFT frames per model call.'),
    compensate: z.number().positive().describe('Multiplies the model output (UVR compensate).'),
    sampleRate: z.literal(44_100),
    rank: z.number().int().describe('Higher wins when two installed engines make the same stem.'),
    paramsSource: z.url({ protocol: /^https$/ }).describe('Where dim_f, n_fft … were read.'),
  }),
  z.strictObject({
    kind: z.literal('waveform'),
    file: fileName.describe('The .onnx file of the pack that is the separator.'),
    sources: z
      .array(stemName)
      .min(1)
      .describe('Output sources in the order of the model output axis 1.'),
    segment: positiveInt.describe('Samples per channel per model call (input [1, 2, segment]).'),
    sampleRate: z.literal(44_100),
    rank: z.number().int().describe('Higher wins when two installed engines make the same stem.'),
  }),
]);

export type SeparatorSpec = z.infer<typeof separatorSchema>;

const voiceSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  language: z.string().min(2),
  gender: z.enum(['female', 'male', 'neutral']).optional(),
});

export const modelManifestSchema = z
  .strictObject({
    $schema: z.string().optional(),
    manifestVersion: z.literal(MANIFEST_VERSION),
    id: packId,
    task: z.enum(MODEL_TASKS),
    engine: z
      .enum(['piper', 'kokoro', 'zeroshot'])
      .optional()
      .describe(
        'For tts packs: the runtime that reads the files (features/voices/engines/neural-voices.ts).',
      ),
    version: z
      .string()
      .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'e.g. "1.0.0"')
      .describe("The pack's own version; bump it whenever a file changes."),
    title: z.string().min(1).max(120),
    description: z.string().min(1),
    licence: z
      .string()
      .min(1)
      .describe('SPDX expression where one exists, else the upstream wording.'),
    source: z.strictObject({
      repo: z
        .string()
        .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/)
        .optional()
        .describe('GitHub owner/name the files come from.'),
      commit: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .optional(),
      page: z
        .url({ protocol: /^https$/ })
        .describe('Human-readable page: repository, paper or model card.'),
    }),
    languages: z.array(z.string().min(2)).optional(),
    voices: z.array(voiceSchema).optional(),
    trainingData: z
      .string()
      .min(1)
      .optional()
      .describe(
        'What the weights were trained on, with any licence caveat of that data (e.g. MUSDB18: ' +
          'non-commercial research use) that the code licence does not show.',
      ),
    separator: separatorSchema
      .optional()
      .describe('For stems packs: how the separation runner drives the model.'),
    translator: translatorSchema
      .optional()
      .describe('For translation packs: the model family and, for one-pair models, the pair.'),
    files: z.array(modelFileSchema).min(1),
  })
  .superRefine((manifest, ctx) => {
    if (manifest.translator !== undefined)
      for (const message of translatorProblems(
        manifest.task,
        manifest.translator,
        manifest.languages,
      ))
        ctx.addIssue({ code: 'custom', path: ['translator'], message });
    if (manifest.separator !== undefined) {
      if (manifest.task !== 'stems') {
        ctx.addIssue({
          code: 'custom',
          path: ['separator'],
          message: 'separator is only for task "stems"',
        });
      }
      const file = manifest.separator.file;
      if (!manifest.files.some((f) => f.name === file)) {
        ctx.addIssue({
          code: 'custom',
          path: ['separator', 'file'],
          message: `separator file "${file}" is not one of the pack's files`,
        });
      }
    }
    const seen = { name: new Set<string>(), path: new Set<string>() };
    const extracted = manifest.files.flatMap((f) => f.extract ?? []);
    for (const member of extracted) {
      for (const key of ['name', 'path'] as const) {
        if (seen[key].has(member[key]))
          ctx.addIssue({
            code: 'custom',
            path: ['files'],
            message: `duplicate ${key} "${member[key]}"`,
          });
        seen[key].add(member[key]);
      }
    }
    manifest.files.forEach((file, index) => {
      if (file.extract && !ARCHIVE_NAME.test(file.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'extract'],
          message: 'only an archive (.tar.bz2, .tbz2, .tar.gz, .tgz, .tar) has members to extract',
        });
      }
      if (file.extract && file.sha256 === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'sha256'],
          message: 'an archive needs a sha256 (its members are vouched for by it)',
        });
      }
      if (file.sha256 === undefined && file.md5 === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'sha256'],
          message: 'every file needs a sha256 (or, where only that is published, an md5)',
        });
      }
      for (const key of ['name', 'path'] as const) {
        if (seen[key].has(file[key])) {
          ctx.addIssue({
            code: 'custom',
            path: ['files', index, key],
            message: `duplicate file ${key} "${file[key]}"`,
          });
        }
        seen[key].add(file[key]);
      }
    });
  });

export type ModelManifest = z.infer<typeof modelManifestSchema>;
export type ModelFile = z.infer<typeof modelFileSchema>;

export interface ManifestProblem {
  file: string;
  message: string;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Validates one manifest; `file` names it in the error (its basename must be `<id>.json`). */
export function parseManifest(raw: unknown, file: string): ModelManifest {
  const parsed = modelManifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('validation_error', `${file}: ${describeIssues(parsed.error)}`, {
      details: {
        file,
        issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      },
    });
  }
  const expected = `${parsed.data.id}.json`;
  if (path.basename(file) !== expected) {
    throw new AppError(
      'validation_error',
      `${file}: pack id "${parsed.data.id}" must live in a file named ${expected}`,
      { details: { file } },
    );
  }
  return parsed.data;
}

export function readManifestFile(file: string): ModelManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new AppError('validation_error', `${file}: not readable JSON (${why})`, {
      details: { file },
      cause: error,
    });
  }
  return parseManifest(raw, file);
}

/** Every `*.json` in `dir`, each validated; problems are collected, not thrown. */
export function scanManifests(dir: string): {
  manifests: ModelManifest[];
  problems: ManifestProblem[];
} {
  if (!fs.existsSync(dir)) {
    return {
      manifests: [],
      problems: [{ file: dir, message: `${dir}: manifest folder does not exist` }],
    };
  }
  const manifests: ModelManifest[] = [];
  const problems: ManifestProblem[] = [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of files) {
    const file = path.join(dir, name);
    try {
      manifests.push(readManifestFile(file));
    } catch (error) {
      problems.push({ file, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { manifests, problems };
}

/** Loads every manifest in `dir`; any bad one fails the whole load, naming each bad file. */
export function loadManifests(dir: string): ModelManifest[] {
  const { manifests, problems } = scanManifests(dir);
  if (problems.length > 0) {
    throw new AppError(
      'validation_error',
      `invalid model manifest${problems.length > 1 ? 's' : ''} in ${dir}:\n` +
        problems.map((p) => `  - ${p.message}`).join('\n'),
      { details: { problems } },
    );
  }
  return manifests;
}

/** JSON Schema for editors, written to models/schema/model-pack.schema.json. */
export function manifestJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(modelManifestSchema, { unrepresentable: 'any' }) as Record<string, unknown>;
}

export function packBytes(manifest: ModelManifest): number {
  return manifest.files.reduce((sum, file) => sum + file.bytes, 0);
}
