/**
 * Files a pack builds at install time from files it downloaded (docs/api/models.md, "Assembled
 * files"): a template in the project turns verified inputs into the files code runs — today the
 * OpenVoice V2 converter's ONNX graphs from its PyTorch checkpoint. Assembly is deterministic,
 * so an output's sha256 can be pinned in the manifest and is always recorded and checked: a
 * different result (another checkpoint, a changed template) refuses the install and leaves
 * nothing installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { assembleOpenVoice } from './openvoice/openvoice-assembly.ts';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const name = z.string().max(128).regex(SEGMENT, 'a plain file name');
const relative = z
  .string()
  .max(512)
  .refine((p) => p.split('/').every((s) => SEGMENT.test(s) && s !== '..'), 'a relative path');

/** Templates this build knows, each with the version recorded beside what it made. */
export const TEMPLATES = { 'openvoice-v2': 'openvoice-v2@1' } as const;
export type TemplateId = keyof typeof TEMPLATES;

export const assembleSchema = z.strictObject({
  template: z
    .enum(Object.keys(TEMPLATES) as [TemplateId])
    .describe(
      'openvoice-v2: converter.onnx and tone-extractor.onnx from an OpenVoice V2 checkpoint.',
    ),
  inputs: z
    .strictObject({ checkpoint: name, config: name })
    .describe('Names of the pack files the template reads (verified before assembly).'),
  outputs: z
    .array(
      z.strictObject({
        name: name.describe('The assembled file, as code asks for it.'),
        path: relative.describe('Where it sits under TAPEHOUSE_MODELS_DIR.'),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional()
          .describe('The assembled bytes’ SHA-256 when measured; checked at install.'),
        bytes: z.number().int().positive().optional(),
      }),
    )
    .min(1),
});

export type AssembleSpec = z.infer<typeof assembleSchema>;

export interface AssembledOutput {
  name: string;
  sha256: string;
  bytes: number;
  /** `<template version>` and the inputs' sha256, what vouches for the file. */
  assembled: string;
}

/** What each template makes, by output name. */
function build(
  spec: AssembleSpec,
  dir: string,
): Map<string, { bytes: Uint8Array; sha256: string }> {
  const checkpoint = path.join(dir, spec.inputs.checkpoint);
  const config = path.join(dir, spec.inputs.config);
  const made = assembleOpenVoice(checkpoint, config);
  return new Map([
    ['converter.onnx', made.converter],
    ['tone-extractor.onnx', made.toneExtractor],
  ]);
}

/**
 * Runs the pack's template over the verified inputs in `dir` and writes its outputs there.
 * Throws validation_error (nothing written) when the inputs do not fit the template or an output
 * differs from its pinned sha256 or size.
 */
export function assemblePack(
  spec: AssembleSpec,
  dir: string,
  inputDigests: string[],
): AssembledOutput[] {
  let made: Map<string, { bytes: Uint8Array; sha256: string }>;
  try {
    made = build(spec, dir);
  } catch (error) {
    throw new AppError(
      'validation_error',
      `the downloaded files could not be assembled (${spec.template}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const outputs: AssembledOutput[] = [];
  for (const out of spec.outputs) {
    const file = made.get(out.name);
    if (!file)
      throw new AppError('validation_error', `template ${spec.template} makes no ${out.name}`);
    if (out.sha256 !== undefined && out.sha256 !== file.sha256)
      throw new AppError(
        'validation_error',
        `assembled ${out.name} has sha256 ${file.sha256}, expected ${out.sha256}: refused`,
        { details: { file: out.name, expected: out.sha256, actual: file.sha256 } },
      );
    if (out.bytes !== undefined && out.bytes !== file.bytes.length)
      throw new AppError(
        'validation_error',
        `assembled ${out.name} is ${file.bytes.length} bytes, expected ${out.bytes}`,
      );
    outputs.push({
      name: out.name,
      sha256: file.sha256,
      bytes: file.bytes.length,
      assembled: `${TEMPLATES[spec.template]} from ${inputDigests.join(',')}`,
    });
  }
  for (const out of spec.outputs) {
    const file = made.get(out.name);
    if (file) fs.writeFileSync(path.join(dir, out.name), file.bytes);
  }
  return outputs;
}
