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
});

/** The digest the installer checks a file against: sha256 when given, else the published md5. */
export function expectedDigest(file: ModelFile): { algorithm: 'sha256' | 'md5'; hex: string } {
  if (file.sha256 !== undefined) return { algorithm: 'sha256', hex: file.sha256 };
  return { algorithm: 'md5', hex: file.md5 ?? '' };
}

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
    files: z.array(modelFileSchema).min(1),
  })
  .superRefine((manifest, ctx) => {
    const seen = { name: new Set<string>(), path: new Set<string>() };
    manifest.files.forEach((file, index) => {
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
