/**
 * Profile: GET/PATCH /auth/me (name, user type, audio usage, phone) and the password change
 * (POST /auth/change-password, which signs out every other session of the account).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ProfileUpdate, User } from '../../api/account-types.ts';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { useContractMutation } from '../../data/contract-query.ts';
import {
  FieldRow,
  Form,
  FormActions,
  FormMessages,
  TextField,
  focusFirstInvalid,
} from '../../ui/Field.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { Select } from '../../ui/Select.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { useAccount, useAuthState } from './account-context.tsx';
import { accountErrorText } from './error-text.ts';
import { PasswordRules } from './PasswordRules.tsx';
import {
  changePasswordProblems,
  clearError,
  hasErrors,
  phoneProblem,
  type ChangePasswordFields,
  type FieldErrors,
} from './validation.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Account.module.css';

const USER_TYPES = [
  { value: '', label: 'Not set' },
  { value: 'individual', label: 'Individual' },
  { value: 'business', label: 'Business' },
  { value: 'education', label: 'Education' },
  { value: 'nonprofit', label: 'Non-profit' },
];

const AUDIO_USAGES = [
  { value: '', label: 'Not set' },
  { value: 'personal', label: 'Personal projects' },
  { value: 'audiobooks', label: 'Audiobook production' },
  { value: 'podcasts', label: 'Podcasts' },
  { value: 'music', label: 'Music production' },
  { value: 'commercial', label: 'Commercial work' },
];

/** The list, plus the stored value when it is not one of ours (set by a script, say). */
function withCurrent(options: typeof USER_TYPES, current: string | null) {
  if (!current || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: current }];
}

export function ProfilePage() {
  const state = useAuthState();
  const user = state.status === 'signed-in' ? state.user : null;
  if (!user) {
    return (
      <p className="muted" role="status">
        Loading your profile…
      </p>
    );
  }
  return (
    <div className={styles.columns}>
      <ProfileCard user={user} />
      <Stack gap={5}>
        <AccountCard user={user} />
        <ChangePasswordCard />
      </Stack>
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { session } = useAccount();
  const updateMe = useContractMutation('patch', '/auth/me', {
    as: 'user',
    invalidates: [{ path: '/auth/me', exact: true }],
  });
  const form = useRef<HTMLFormElement>(null);
  const [fullName, setFullName] = useState(user.full_name);
  const [userType, setUserType] = useState(user.user_type ?? '');
  const [audioUsage, setAudioUsage] = useState(user.audio_usage ?? '');
  const [phone, setPhone] = useState(user.phone_number ?? '');
  const [errors, setErrors] = useState<FieldErrors<'fullName' | 'phone'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update: ProfileUpdate = {};
  if (fullName.trim() !== user.full_name) update.full_name = fullName.trim();
  if ((userType || null) !== user.user_type) update.user_type = userType || null;
  if ((audioUsage || null) !== user.audio_usage) update.audio_usage = audioUsage || null;
  if ((phone.trim() || null) !== user.phone_number) update.phone_number = phone.trim() || null;
  const changed = Object.keys(update).length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      fullName: fullName.trim() === '' ? 'Enter your name.' : undefined,
      phone: phoneProblem(phone),
    };
    setErrors(problems);
    setFailure(null);
    setSaved(null);
    if (hasErrors(problems)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const next = await updateMe.mutateAsync({ json: update });
      // The engine's answer is the truth (it normalises the phone number, say).
      setFullName(next.full_name);
      setUserType(next.user_type ?? '');
      setAudioUsage(next.audio_usage ?? '');
      setPhone(next.phone_number ?? '');
      session.setUser(next);
      setSaved('Profile saved.');
    } catch (caught) {
      setFailure(accountErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Profile" testId="profile-card">
      <Form ref={form} onSubmit={submit} testId="profile-form">
        <TextField
          label="Full name"
          autoComplete="name"
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            setErrors((e) => clearError(e, 'fullName'));
          }}
          error={errors.fullName}
          testId="profile-name"
          required
        />
        <FieldRow>
          <Select
            label="I use Tapehouse as"
            options={withCurrent(USER_TYPES, user.user_type)}
            value={userType}
            onChange={setUserType}
            testId="profile-user-type"
          />
          <Select
            label="Mostly for"
            options={withCurrent(AUDIO_USAGES, user.audio_usage)}
            value={audioUsage}
            onChange={setAudioUsage}
            testId="profile-audio-usage"
          />
        </FieldRow>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setErrors((e) => clearError(e, 'phone'));
          }}
          error={errors.phone}
          hint="6 to 15 digits, optionally starting with +. A new number starts out unverified."
          aside={
            user.phone_number ? (
              <Badge tone={user.phone_verified ? 'ok' : 'warn'} testId="phone-status">
                {user.phone_verified ? 'Verified' : 'Not verified'}
              </Badge>
            ) : undefined
          }
          testId="profile-phone"
        />
        <FormMessages error={failure} success={saved} testId="profile-messages" />
        <FormActions>
          <Button
            variant="primary"
            type="submit"
            busy={busy}
            disabled={!changed}
            testId="profile-save"
          >
            Save changes
          </Button>
          {!changed && <span className="muted small">No unsaved changes</span>}
        </FormActions>
      </Form>
    </Card>
  );
}

function AccountCard({ user }: { user: User }) {
  return (
    <Card
      title="Account"
      aside={
        <Badge tone={user.is_verified ? 'ok' : 'warn'}>
          {user.is_verified ? 'E-mail verified' : 'E-mail not verified'}
        </Badge>
      }
    >
      <Facts
        items={[
          ['E-mail', user.email, 'profile-email'],
          [
            'Plan',
            `${user.subscription.plan_name}${user.subscription.is_free_plan ? ' · free' : ''}`,
          ],
          ['Member since', formatDate(user.created_at)],
          ['Account ID', <code>{user.id}</code>],
        ]}
      />
    </Card>
  );
}

function ChangePasswordCard() {
  const changePassword = useContractMutation('post', '/auth/change-password', { as: 'user' });
  const form = useRef<HTMLFormElement>(null);
  const empty: ChangePasswordFields = { current: '', next: '', confirm: '' };
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<keyof ChangePasswordFields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = changePasswordProblems(fields);
    setErrors(problems);
    setFailure(null);
    setDone(null);
    if (hasErrors(problems)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await changePassword.mutateAsync({
        json: { current_password: fields.current, new_password: fields.next },
      });
      setFields(empty);
      setDone('Password changed. Every other session of this account was signed out.');
    } catch (caught) {
      setFailure(accountErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof ChangePasswordFields) => (event: { target: { value: string } }) => {
    setFields({ ...fields, [key]: event.target.value });
    setErrors((e) => clearError(e, key));
  };

  return (
    <Card title="Change password" testId="password-card">
      <Form ref={form} onSubmit={submit} testId="password-form">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={fields.current}
          onChange={set('current')}
          error={errors.current}
          testId="password-current"
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={fields.next}
          onChange={set('next')}
          error={errors.next}
          hint={<PasswordRules password={fields.next} />}
          testId="password-new"
          required
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={fields.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          testId="password-confirm"
          required
        />
        <p className={styles.note}>
          <Icon name="shield" />
          Changing the password signs out every other session of this account (other browsers, the
          desktop app, other devices). This session stays signed in. API keys keep working.
        </p>
        <FormMessages error={failure} success={done} testId="password-messages" />
        <FormActions>
          <Button variant="primary" type="submit" busy={busy} testId="password-submit">
            Change password
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** "22 Nov 2026". */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
