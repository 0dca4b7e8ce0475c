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
import { assembleSchema } from './assembly/pack-assembly.ts';
import { translatorProblems, translatorSchema } from './translator-spec.ts';
import { CAPABILITIES, capabilityOfTask, type Capability } from './model-capabilities.ts';
import { fileName, modelFileSchema } from './model-files.ts';

export {
  ARCHIVE_NAME,
  INSTALLED_RECORD,
  archiveMemberSchema,
  hubLocationOf,
  modelFileSchema,
  packEntries,
  type ArchiveMemberSpec,
  type HubLocation,
  type ModelFile,
  type PackEntry,
} from './model-files.ts';

export const MANIFEST_VERSION = 1;

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
  'llm',
] as const;

export type ModelTask = (typeof MODEL_TASKS)[number];

const packId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');

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
      .enum(['piper', 'kokoro', 'zipvoice', 'pocket'])
      .optional()
      .describe(
        'For tts packs: the runtime that reads the files (piper, kokoro: ' +
          'features/voices/engines/neural-voices.ts; zipvoice, pocket: voice cloning, ' +
          'features/voices/cloning/clone-packs.ts).',
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
    licenceUrl: z
      .url({ protocol: /^https$/ })
      .optional()
      .describe('Where the licence terms are (the studio links it beside the licence name).'),
    nonCommercial: z
      .boolean()
      .optional()
      .describe(
        'The weights (or their data) may not be used commercially. Installing asks the user to ' +
          'acknowledge the licence first (API accept_licence, CLI --accept-licence, a studio dialog).',
      ),
    capability: z
      .enum(CAPABILITIES)
      .optional()
      .describe(
        'What the pack lets a user do (the Models page groups by it, the capability status and ' +
          'the first-run setup read it). Default: from task and engine.',
      ),
    purpose: z
      .string()
      .min(1)
      .max(400)
      .optional()
      .describe(
        'One or two plain-language sentences for the studio: what the pack does for the user. ' +
          'No developer words (file formats, tensor shapes, folders).',
      ),
    requires: z
      .array(packId)
      .optional()
      .describe(
        'Packs this one needs to work (e.g. a Whisper pack needs silero-vad to cut audio into ' +
          'speech). Installing it installs them first; its capability is ready only with them.',
      ),
    source: z.strictObject({
      repo: z
        .string()
        .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/)
        .optional()
        .describe(
          'owner/name of the repository the files come from (GitHub, or the Hugging Face Hub ' +
            'when the file URLs are huggingface.co resolve/<commit> URLs).',
        ),
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
    assemble: assembleSchema
      .optional()
      .describe('Files built at install from verified pack files by a template in the project.'),
    translator: translatorSchema
      .optional()
      .describe('For translation packs: the model family and, for one-pair models, the pair.'),
    files: z.array(modelFileSchema).min(1),
  })
  .superRefine((manifest, ctx) => {
    if (manifest.assemble !== undefined) {
      const plain = new Set(manifest.files.filter((f) => !f.extract).map((f) => f.name));
      for (const input of Object.values(manifest.assemble.inputs))
        if (!plain.has(input))
          ctx.addIssue({
            code: 'custom',
            path: ['assemble', 'inputs'],
            message: `"${input}" is not a file of the pack`,
          });
      for (const out of manifest.assemble.outputs)
        if (plain.has(out.name))
          ctx.addIssue({
            code: 'custom',
            path: ['assemble', 'outputs'],
            message: `"${out.name}" is also a downloaded file`,
          });
    }
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
    if (manifest.requires?.includes(manifest.id)) {
      ctx.addIssue({ code: 'custom', path: ['requires'], message: 'a pack cannot require itself' });
    }
    if (manifest.nonCommercial === true && manifest.licenceUrl === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['licenceUrl'],
        message: 'a non-commercial pack needs licenceUrl: the user is asked to read it',
      });
    }
    manifest.files.forEach((file, index) => {
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

/** The capability a pack serves: its manifest's, else its task's (model-capabilities.ts). */
export function capabilityOf(
  manifest: Pick<ModelManifest, 'capability' | 'task' | 'engine'>,
): Capability {
  return manifest.capability ?? capabilityOfTask(manifest.task, manifest.engine);
}

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

/**
 * The pack's download size as the manifest knows it: a Hub-verified file without a recorded size
 * counts 0 here (they are small JSON and tokenizer files; the installer learns their size from
 * the Hub's listing before it checks the disk).
 */
export function packBytes(manifest: ModelManifest): number {
  return manifest.files.reduce((sum, file) => sum + (file.bytes ?? 0), 0);
}

/** Every file's size is in the manifest (none waits for the Hub's listing). */
export function packBytesExact(manifest: ModelManifest): boolean {
  return manifest.files.every((file) => file.bytes !== undefined);
}
