/**
 * Argument schemas for every IPC channel in bridge-types.ts. The renderer shows web content, so
 * main treats its arguments as untrusted input: each handler parses them here first.
 */
import path from 'node:path';
import { z } from 'zod';
import type { IpcInvokeChannel, IpcInvokeContract } from './bridge-types.ts';

const pathString = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => !value.includes('\0'), 'must not contain NUL');

const fileFilter = z
  .object({
    name: z.string().min(1).max(100),
    extensions: z
      .array(z.string().regex(/^(\*|[A-Za-z0-9_-]{1,16})$/, 'an extension without the dot, or *'))
      .min(1)
      .max(50),
  })
  .strict();

const dialogBase = {
  title: z.string().max(200).optional(),
  defaultPath: pathString.optional(),
  filters: z.array(fileFilter).max(20).optional(),
};

const openOptions = z
  .object({ ...dialogBase, multiple: z.boolean().optional(), directory: z.boolean().optional() })
  .strict();

const saveOptions = z.object(dialogBase).strict();

/** Keychain account names: what the studio stores (e.g. "hosted:alice@example.com"). */
const account = z
  .string()
  .regex(/^[A-Za-z0-9._@:+-]{1,128}$/, 'letters, digits and ._@:+- only (1-128)');

const secret = z.string().min(1).max(16_384);

const absolutePath = pathString.refine(
  (value) => path.isAbsolute(value),
  'must be an absolute path',
);

type ArgSchemas = { [C in IpcInvokeChannel]: z.ZodType<IpcInvokeContract[C]['args']> };

export const ipcArgSchemas: ArgSchemas = {
  'tapehouse:open-file-dialog': z.tuple([openOptions.optional()]),
  'tapehouse:save-file-dialog': z.tuple([saveOptions.optional()]),
  'tapehouse:reveal-in-folder': z.tuple([absolutePath]),
  'tapehouse:credentials-get': z.tuple([account]),
  'tapehouse:credentials-set': z.tuple([account, secret]),
  'tapehouse:credentials-delete': z.tuple([account]),
};

export class IpcArgumentError extends Error {
  override readonly name = 'IpcArgumentError';
}

/** The parsed arguments of one call, or an IpcArgumentError naming the channel and the problem. */
export function parseIpcArgs<C extends IpcInvokeChannel>(
  channel: C,
  args: readonly unknown[],
): IpcInvokeContract[C]['args'] {
  const schema: z.ZodType<IpcInvokeContract[C]['args']> = ipcArgSchemas[channel];
  const parsed = schema.safeParse(args);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`)
      .join('; ');
    throw new IpcArgumentError(`invalid arguments for ${channel}: ${problems}`);
  }
  return parsed.data;
}
