import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../errors.ts';
import { assertPasswordPolicy, passwordIsStrongEnough } from './password-policy.ts';

describe('password strength (document 1: ≥ 6 characters, a letter, a number)', () => {
  it.each([
    ['abc123', true],
    ['ñandú7', true],
    ['abc12', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['', false],
  ])('%j → %s', (password, ok) => {
    expect(passwordIsStrongEnough(password)).toBe(ok);
  });

  it('throws validation_error naming the field, with the rule as the message', () => {
    let caught: unknown;
    try {
      assertPasswordPolicy('short', 'new_password');
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught) && caught.code).toBe('validation_error');
    expect((caught as Error).message).toMatch(/at least 6 characters/);
    expect(isAppError(caught) && caught.details).toEqual({
      fields: [{ loc: ['body', 'new_password'], msg: expect.any(String) }],
    });
  });
});
