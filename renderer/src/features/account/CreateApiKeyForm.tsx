/**
 * New API key: name, optional description, scopes (`*` or the areas of docs/api/scopes.md),
 * expiry in days or never → POST /auth/api-keys. The answer, with the secret, goes straight to
 * the caller, which shows it once.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useContractMutation } from '../../data/contract-query.ts';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import type { CreatedApiKey } from '../../api/account-types.ts';
import {
  FieldRow,
  Fieldset,
  Form,
  FormActions,
  FormMessages,
  NumberField,
  TextField,
  focusFirstInvalid,
} from '../../ui/Field.tsx';
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
import { Button } from '../../ui/Button.tsx';
import styles from './Account.module.css';

export function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useContractMutation('post', '/auth/api-keys', {
    as: 'user',
    invalidates: ['/auth/api-keys'],
  });
  const form = useRef<HTMLFormElement>(null);
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
      onCreated(await create.mutateAsync({ json: apiKeyRequest(fields) }));
    } catch (caught) {
      setFailure(accountErrorText(caught));
      setBusy(false);
    }
  }

  const scopeBox = (option: ScopeOption, disabled = false) => (
    <Toggle
      key={option.scope}
      plain
      checked={fields.scopes.includes(option.scope) || (disabled && full)}
      disabled={disabled}
      onChange={(on) => toggle(option.scope, on)}
      testId={`scope-${option.scope}`}
    >
      <span className={styles.scopeText}>
        <span>
          {option.label} <code>{option.scope}</code>
        </span>
        <span className="muted small">{option.grants}</span>
      </span>
    </Toggle>
  );

  return (
    <Form ref={form} onSubmit={submit} aria-label="New API key" testId="create-key-form">
      <FieldRow>
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
          label="Description"
          optional
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
          maxLength={500}
          testId="api-key-description"
        />
      </FieldRow>

      <Fieldset
        legend="Scopes"
        hint="Give the key only what its script needs. A key can never create other keys."
        testId="api-key-scopes"
      >
        {errors.scopes && (
          <p className={styles.fieldError} role="alert">
            {errors.scopes}
          </p>
        )}
        <div className={styles.scopes}>
          <div className={styles.scopeFull}>{scopeBox(FULL_ACCESS)}</div>
          {SCOPE_GROUPS.map((group) => (
            <div
              key={group.area}
              className={styles.scopeGroup}
              role="group"
              aria-label={group.area}
            >
              <p className={styles.scopeArea} aria-hidden="true">
                {group.area}
              </p>
              {group.scopes.map((option) => scopeBox(option, full))}
            </div>
          ))}
        </div>
      </Fieldset>

      <div className={styles.expiry}>
        <SegmentedControl<ApiKeyFields['expires']>
          label="Expiry"
          value={fields.expires}
          onChange={(expires) => setFields({ ...fields, expires })}
          options={[
            { value: 'days', label: 'Expires after', testId: 'api-key-expires-days' },
            { value: 'never', label: 'Never expires', testId: 'api-key-expires-never' },
          ]}
        />
        {fields.expires === 'days' && (
          <div className={styles.days}>
            <NumberField
              label="Days until the key expires"
              unit="days"
              min={1}
              max={MAX_KEY_DAYS}
              inputMode="numeric"
              value={fields.days}
              error={errors.days}
              onChange={(event) => {
                setFields({ ...fields, days: event.target.value });
                setErrors((e) => clearError(e, 'days'));
              }}
              testId="api-key-days"
            />
          </div>
        )}
      </div>

      <FormMessages error={failure} testId="create-key-messages" />
      <FormActions>
        <Button variant="primary" type="submit" busy={busy} testId="api-key-create-submit">
          Create key
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </FormActions>
    </Form>
  );
}
