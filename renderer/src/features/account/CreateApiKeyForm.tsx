/**
 * New API key: name, optional description, scopes (`*` or the areas of docs/api/scopes.md),
 * expiry in days or never → POST /auth/api-keys. The answer, with the secret, goes straight to
 * the caller, which shows it once.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CreatedApiKey } from '../../api/account-types.ts';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { useAccount } from './account-context.tsx';
import { accountErrorText } from './error-text.ts';
import { FULL_ACCESS, SCOPE_GROUPS, type ScopeOption } from './scopes.ts';
import {
  MAX_KEY_DAYS,
  apiKeyProblems,
  apiKeyRequest,
  clearError,
  hasErrors,
  type ApiKeyFields,
  type FieldErrors,
} from './validation.ts';

export function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { client } = useAccount();
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const [fields, setFields] = useState<ApiKeyFields>({
    name: '',
    description: '',
    scopes: [],
    expires: 'days',
    days: '90',
  });
  const [errors, setErrors] = useState<FieldErrors<'name' | 'scopes' | 'days'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = fields.scopes.includes('*');

  function toggle(scope: string, on: boolean) {
    const rest = fields.scopes.filter((s) => s !== scope);
    setFields({ ...fields, scopes: on ? [...rest, scope] : rest });
    setErrors((e) => clearError(e, 'scopes'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = apiKeyProblems(fields);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      onCreated(await client.createApiKey(apiKeyRequest(fields)));
    } catch (caught) {
      setFailure(accountErrorText(caught));
      setBusy(false);
    }
  }

  const scopeBox = (option: ScopeOption, disabled = false) => (
    <label key={option.scope} className={`scope${disabled ? ' scope--disabled' : ''}`}>
      <input
        type="checkbox"
        checked={fields.scopes.includes(option.scope) || (disabled && full)}
        disabled={disabled}
        onChange={(event) => toggle(option.scope, event.target.checked)}
        data-testid={`scope-${option.scope}`}
      />
      <span className="scope__text">
        <span className="scope__name">
          {option.label} <code>{option.scope}</code>
        </span>
        <span className="scope__grants">{option.grants}</span>
      </span>
    </label>
  );

  return (
    <form
      ref={form}
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="New API key"
      data-testid="create-key-form"
    >
      <div className="form__row">
        <TextField
          label="Name"
          value={fields.name}
          onChange={(event) => {
            setFields({ ...fields, name: event.target.value });
            setErrors((e) => clearError(e, 'name'));
          }}
          error={errors.name}
          placeholder="e.g. Nightly export script"
          maxLength={100}
          testId="api-key-name"
          required
        />
        <TextField
          label="Description (optional)"
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
          maxLength={500}
          testId="api-key-description"
        />
      </div>

      <fieldset
        className="fieldset"
        aria-invalid={errors.scopes ? true : undefined}
        aria-describedby={errors.scopes ? `${ids}-scopes-error` : `${ids}-scopes-hint`}
        tabIndex={errors.scopes ? -1 : undefined}
      >
        <legend className="field__label">Scopes</legend>
        <p className="field__hint" id={`${ids}-scopes-hint`}>
          Give the key only what its script needs. A key can never create other keys.
        </p>
        {errors.scopes && (
          <p className="field__error" id={`${ids}-scopes-error`}>
            {errors.scopes}
          </p>
        )}
        <div className="scopes">
          <div className="scopes__full">{scopeBox(FULL_ACCESS)}</div>
          {SCOPE_GROUPS.map((group) => (
            <div key={group.area} className="scopes__group" role="group" aria-label={group.area}>
              <p className="scopes__area" aria-hidden="true">
                {group.area}
              </p>
              {group.scopes.map((option) => scopeBox(option, full))}
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="field__label">Expiry</legend>
        <div className="expiry">
          <label className="radio">
            <input
              type="radio"
              name={`${ids}-expires`}
              checked={fields.expires === 'days'}
              onChange={() => setFields({ ...fields, expires: 'days' })}
              data-testid="api-key-expires-days"
            />
            Expires after
          </label>
          <input
            className="input input--days"
            type="number"
            min={1}
            max={MAX_KEY_DAYS}
            inputMode="numeric"
            aria-label="Days until the key expires"
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={errors.days ? `${ids}-days-error` : undefined}
            value={fields.days}
            disabled={fields.expires !== 'days'}
            onChange={(event) => {
              setFields({ ...fields, days: event.target.value });
              setErrors((e) => clearError(e, 'days'));
            }}
            data-testid="api-key-days"
          />
          <span className="muted">days</span>
          <label className="radio">
            <input
              type="radio"
              name={`${ids}-expires`}
              checked={fields.expires === 'never'}
              onChange={() => setFields({ ...fields, expires: 'never' })}
              data-testid="api-key-expires-never"
            />
            Never expires
          </label>
        </div>
        {errors.days && (
          <p className="field__error" id={`${ids}-days-error`}>
            {errors.days}
          </p>
        )}
      </fieldset>

      <FormMessages error={failure} testId="create-key-messages" />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="api-key-create-submit"
        >
          {busy ? 'Creating…' : 'Create key'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
