/**
 * Reading POST /midi/convert's form: the `stems` JSON array and the `options` JSON object arrive
 * as text fields (multipart, urlencoded or JSON bodies), and each failure names the field, so a
 * client sees `400 validation_error` with `details.fields[].loc` as on every other route.
 */
import type { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { DEFAULT_STEMS } from './stem-instruments.ts';
import { midiOptionsSchema, midiStemsSchema, type MidiOptions } from './midi-schema.ts';

function invalid(field: string, message: string, issues: unknown[] = []): AppError {
  return new AppError('validation_error', `${field}: ${message}`, {
    details: { fields: [{ loc: ['body', field], msg: message }], issues },
  });
}

function jsonField(raw: unknown, field: string): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(field, 'must be JSON');
  }
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/** `stems`: a JSON array (or a comma-separated list); absent: the contract's default. */
export function parseStems(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [...DEFAULT_STEMS];
  let value: unknown;
  if (typeof raw === 'string' && !raw.trim().startsWith('[')) {
    value = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  } else value = jsonField(raw, 'stems');
  const parsed = midiStemsSchema.safeParse(value);
  if (!parsed.success) throw invalid('stems', describe(parsed.error), parsed.error.issues);
  return parsed.data;
}

export function parseOptions(raw: unknown): MidiOptions {
  const value = raw === undefined || raw === null || raw === '' ? {} : jsonField(raw, 'options');
  const parsed = midiOptionsSchema.safeParse(value);
  if (!parsed.success) throw invalid('options', describe(parsed.error), parsed.error.issues);
  return parsed.data;
}
