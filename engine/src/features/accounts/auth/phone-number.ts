/**
 * Phone numbers as the account stores them: digits with an optional leading "+", spaces,
 * dashes, dots and brackets removed ("+44 (20) 7946-0958" → "+442079460958").
 */
import { AppError } from '../../../errors.ts';

export function normalizePhone(input: string, field: string): string {
  const compact = input.replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) {
    const msg = 'A phone number has 6 to 15 digits, optionally starting with "+".';
    throw new AppError('validation_error', msg, {
      details: { fields: [{ loc: ['body', field], msg }] },
    });
  }
  return compact;
}
