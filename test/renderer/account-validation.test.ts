import { describe, expect, it } from 'vitest';
import {
  apiKeyProblems,
  apiKeyRequest,
  changePasswordProblems,
  clearError,
  codeProblem,
  emailProblem,
  hasErrors,
  normalizeCode,
  passwordChecks,
  passwordIsValid,
  phoneProblem,
  registrationProblems,
  signInProblems,
  type ApiKeyFields,
} from '../../renderer/src/features/account/validation.ts';

const met = (password: string) =>
  Object.fromEntries(passwordChecks(password).map((check) => [check.id, check.met]));

describe('password rule (≥ 6 characters, a letter, a number)', () => {
  it('ticks each part separately', () => {
    expect(met('')).toEqual({ length: false, letter: false, number: false });
    expect(met('short')).toEqual({ length: false, letter: true, number: false });
    expect(met('123456')).toEqual({ length: true, letter: false, number: true });
    expect(met('abc12')).toEqual({ length: false, letter: true, number: true });
    expect(met('tape-deck-42')).toEqual({ length: true, letter: true, number: true });
  });

  it('counts letters and digits beyond ASCII, like the engine', () => {
    expect(passwordIsValid('Überall7')).toBe(true);
    expect(passwordIsValid('пароль1')).toBe(true);
    expect(passwordIsValid('٣٤٥abc')).toBe(true); // Arabic-Indic digits are \p{N}
    expect(passwordIsValid('!!!!!!')).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(met('a1😀😀😀')).toMatchObject({ length: false });
    expect(met('a1😀😀😀😀')).toMatchObject({ length: true });
  });
});

describe('single fields', () => {
  it('checks e-mail addresses', () => {
    expect(emailProblem('')).toBe('Enter your e-mail address.');
    expect(emailProblem('   ')).toBe('Enter your e-mail address.');
    expect(emailProblem('ada@example.com')).toBeUndefined();
    expect(emailProblem('  Ada@Example.COM ')).toBeUndefined();
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(emailProblem(bad), bad).toBe('Enter a valid e-mail address.');
    }
    expect(emailProblem(`${'a'.repeat(250)}@example.com`)).toBe('Enter a valid e-mail address.');
  });

  it('accepts the 6-digit code with spaces or a dash, nothing else', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    expect(codeProblem('123 456')).toBeUndefined();
    expect(codeProblem('')).toBe('Enter the 6-digit code from the e-mail.');
    expect(codeProblem('12345')).toBe('The code has exactly 6 digits.');
    expect(codeProblem('1234567')).toBe('The code has exactly 6 digits.');
    expect(codeProblem('12a456')).toBe('The code has exactly 6 digits.');
  });

  it('checks phone numbers the way the engine normalises them', () => {
    expect(phoneProblem('')).toBeUndefined(); // clears the number
    expect(phoneProblem('+44 (20) 7946-0958')).toBeUndefined();
    expect(phoneProblem('030.1234567')).toBeUndefined();
    expect(phoneProblem('12345')).toMatch(/6 to 15 digits/);
    expect(phoneProblem('+1234567890123456')).toMatch(/6 to 15 digits/);
    expect(phoneProblem('call me')).toMatch(/6 to 15 digits/);
    expect(phoneProblem('12+3456789')).toMatch(/6 to 15 digits/);
  });
});

describe('forms', () => {
  it('registration needs a name, an e-mail and a strong enough password', () => {
    const errors = registrationProblems({ fullName: ' ', email: 'x', password: 'abc' });
    expect(errors).toEqual({
      fullName: 'Enter your name.',
      email: 'Enter a valid e-mail address.',
      password: 'At least 6 characters, with at least one letter and one number.',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(
      hasErrors(
        registrationProblems({ fullName: 'Ada', email: 'ada@example.com', password: 'tape42' }),
      ),
    ).toBe(false);
  });

  it('sign-in needs an e-mail and any password (the engine judges it)', () => {
    expect(signInProblems({ email: 'ada@example.com', password: '' })).toEqual({
      email: undefined,
      password: 'Enter your password.',
    });
    expect(hasErrors(signInProblems({ email: 'ada@example.com', password: 'x' }))).toBe(false);
  });

  it('change-password checks the rule, a real change and the repetition', () => {
    expect(changePasswordProblems({ current: '', next: 'abc', confirm: 'abd' })).toEqual({
      current: 'Enter your current password.',
      next: 'At least 6 characters, with at least one letter and one number.',
      confirm: 'The two new passwords do not match.',
    });
    expect(
      changePasswordProblems({ current: 'same-1x', next: 'same-1x', confirm: 'same-1x' }),
    ).toMatchObject({ next: 'The new password must differ from the current one.' });
    expect(
      hasErrors(
        changePasswordProblems({
          current: 'old-pass-1',
          next: 'new-pass-2',
          confirm: 'new-pass-2',
        }),
      ),
    ).toBe(false);
  });

  it('clears one field’s message and keeps the object when there is none', () => {
    const errors = { email: 'bad', password: 'missing' };
    expect(clearError(errors, 'email')).toEqual({ email: undefined, password: 'missing' });
    const clean = { email: undefined };
    expect(clearError(clean, 'email')).toBe(clean);
  });
});

describe('API key form', () => {
  const base: ApiKeyFields = {
    name: 'Nightly export',
    description: '',
    scopes: ['account:read'],
    expires: 'days',
    days: '30',
  };

  it('needs a name, a scope and a day count from 1 to 3650', () => {
    expect(hasErrors(apiKeyProblems(base))).toBe(false);
    expect(apiKeyProblems({ ...base, name: '  ' }).name).toMatch(/Give the key a name/);
    expect(apiKeyProblems({ ...base, name: 'x'.repeat(101) }).name).toMatch(/100 characters/);
    expect(apiKeyProblems({ ...base, scopes: [] }).scopes).toBe('Choose at least one scope.');
    for (const days of ['0', '3651', '1.5', '-3', 'ten', '']) {
      expect(apiKeyProblems({ ...base, days }).days, days).toMatch(/from 1 to 3650/);
    }
    expect(apiKeyProblems({ ...base, days: '3650' }).days).toBeUndefined();
    // The day count does not matter for a key that never expires.
    expect(apiKeyProblems({ ...base, expires: 'never', days: 'ten' }).days).toBeUndefined();
  });

  it('builds the request: trimmed, sorted scopes, * alone when ticked, null for never', () => {
    expect(
      apiKeyRequest({
        ...base,
        name: '  Nightly export ',
        scopes: ['jobs:read', 'account:read', 'jobs:read'],
      }),
    ).toEqual({
      name: 'Nightly export',
      scopes: ['account:read', 'jobs:read'],
      expires_in_days: 30,
    });
    expect(
      apiKeyRequest({
        ...base,
        scopes: ['account:read', '*'],
        expires: 'never',
        description: ' cron ',
      }),
    ).toEqual({
      name: 'Nightly export',
      scopes: ['*'],
      expires_in_days: null,
      description: 'cron',
    });
  });
});
