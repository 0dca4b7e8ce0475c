/**
 * zod types for bodies that arrive as JSON or as form fields (document 2: parse takes "JSON or
 * form", upload takes a `multi_voice` form field). Form values are strings, so booleans accept
 * `true`/`false`/`1`/`0`/`on`/`off` as well as JSON booleans; z.coerce.boolean would read
 * "false" as true.
 */
import { z } from 'zod';

const TRUE = new Set(['true', '1', 'on', 'yes']);

export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])])
  .transform((value) => (typeof value === 'boolean' ? value : TRUE.has(value)));

/** Query-string booleans (`include_chapters=true`). */
export const queryBoolean = formBoolean;

export function formInt(min: number, max: number) {
  return z.union([
    z.number().int().min(min).max(max),
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  ]);
}
