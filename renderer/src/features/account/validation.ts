/**
 * Form rules of the account screens, checked before anything is sent so mistakes show next to
 * the field at once. The engine checks the same rules again and its answer wins; these mirror
 * it (engine/src/features/accounts/auth/password-policy.ts, phone-number.ts, apikeys/schemas.ts). Pure;
 * unit-tested in test/renderer/account-validation.test.ts.
 */
import type { CreateApiKeyRequest } from '../../api/account-types.ts';

/** Field name → message; empty when the form is fine. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** The errors without `field`'s: a field's message goes away as soon as it is edited. */
export function clearError<K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> {
  if (errors[field] === undefined) return errors;
  return { ...errors, [field]: undefined };
}

// ---- Passwords (document 1: at least 6 characters, one letter, one number) ---------------

export interface PasswordCheck {
  id: 'length' | 'letter' | 'number';
  label: string;
  met: boolean;
}

export const PASSWORD_RULE_TEXT = 'At least 6 characters, with at least one letter and one number.';

export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { id: 'length', label: 'At least 6 characters', met: [...password].length >= 6 },
    { id: 'letter', label: 'A letter', met: /\p{L}/u.test(password) },
    { id: 'number', label: 'A number', met: /\p{N}/u.test(password) },
  ];
}

export function passwordIsValid(password: string): boolean {
  return passwordChecks(password).every((check) => check.met);
}

// ---- E-mail, codes, phone -----------------------------------------------------------------

/** Close to the engine's zod `email()`: one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return 'Enter your e-mail address.';
  if (value.length > 254 || !EMAIL.test(value)) return 'Enter a valid e-mail address.';
  return undefined;
}

/** "123 456", "123-456" → "123456"; anything else comes back as typed (and fails the check). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

export function codeProblem(code: string): string | undefined {
  const value = normalizeCode(code);
  if (value === '') return 'Enter the 6-digit code from the e-mail.';
  if (!/^\d{6}$/.test(value)) return 'The code has exactly 6 digits.';
  return undefined;
}

/** Empty is fine (it clears the number); else 6–15 digits, an optional leading "+". */
export function phoneProblem(phone: string): string | undefined {
  const compact = phone.replace(/[\s().-]/g, '');
  if (compact === '') return undefined;
  if (!/^\+?\d{6,15}$/.test(compact)) {
    return 'A phone number has 6 to 15 digits and may start with “+”.';
  }
  return undefined;
}

// ---- Forms ----------------------------------------------------------------------------------

export interface RegistrationFields {
  fullName: string;
  email: string;
  password: string;
}

export function registrationProblems(
  form: RegistrationFields,
): FieldErrors<keyof RegistrationFields> {
  return {
    fullName: form.fullName.trim() === '' ? 'Enter your name.' : undefined,
    email: emailProblem(form.email),
    password: passwordIsValid(form.password) ? undefined : PASSWORD_RULE_TEXT,
  };
}

export interface SignInFields {
  email: string;
  password: string;
}

export function signInProblems(form: SignInFields): FieldErrors<keyof SignInFields> {
  return {
    email: emailProblem(form.email),
    password: form.password === '' ? 'Enter your password.' : undefined,
  };
}

export interface ChangePasswordFields {
  current: string;
  next: string;
  confirm: string;
}

export function changePasswordProblems(
  form: ChangePasswordFields,
): FieldErrors<keyof ChangePasswordFields> {
  return {
    current: form.current === '' ? 'Enter your current password.' : undefined,
    next: !passwordIsValid(form.next)
      ? PASSWORD_RULE_TEXT
      : form.next === form.current
        ? 'The new password must differ from the current one.'
        : undefined,
    confirm: form.confirm !== form.next ? 'The two new passwords do not match.' : undefined,
  };
}

// ---- API keys -------------------------------------------------------------------------------

export const MAX_KEY_DAYS = 3650;

export interface ApiKeyFields {
  name: string;
  description: string;
  /** Ticked scopes; `*` means everything and wins over the rest. */
  scopes: readonly string[];
  expires: 'never' | 'days';
  /** As typed in the number box. */
  days: string;
}

export function apiKeyProblems(form: ApiKeyFields): FieldErrors<'name' | 'scopes' | 'days'> {
  const name = form.name.trim();
  const days = Number(form.days);
  return {
    name:
      name === ''
        ? 'Give the key a name, e.g. the script or machine that will use it.'
        : name.length > 100
          ? 'Keep the name to 100 characters.'
          : undefined,
    scopes: form.scopes.length === 0 ? 'Choose at least one scope.' : undefined,
    days:
      form.expires === 'days' &&
      !(/^\d+$/.test(form.days.trim()) && days >= 1 && days <= MAX_KEY_DAYS)
        ? `Enter a whole number of days from 1 to ${MAX_KEY_DAYS}.`
        : undefined,
  };
}

/** The request body for a valid form: `*` alone when it is ticked, scopes in a stable order. */
export function apiKeyRequest(form: ApiKeyFields): CreateApiKeyRequest {
  const scopes = form.scopes.includes('*') ? ['*'] : [...new Set(form.scopes)].sort();
  const description = form.description.trim();
  return {
    name: form.name.trim(),
    scopes,
    expires_in_days: form.expires === 'never' ? null : Number(form.days.trim()),
    ...(description !== '' && { description }),
  };
}
