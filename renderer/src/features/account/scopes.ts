/**
 * The API-key scopes a person can tick, as docs/api/scopes.md lists them (the engine's route
 * table is the authority: engine/src/api/route-table.ts `scope` fields). New feature areas add
 * their `<area>:read` / `<area>:write` rows here when they ship.
 */
export interface ScopeOption {
  scope: string;
  label: string;
  grants: string;
}

export const FULL_ACCESS: ScopeOption = {
  scope: '*',
  label: 'Full access',
  grants: 'Everything an API key may do, including scopes added by future engine versions.',
};

export const SCOPE_GROUPS: { area: string; scopes: ScopeOption[] }[] = [
  {
    area: 'Account',
    scopes: [
      { scope: 'account:read', label: 'Read account', grants: 'Read your user (GET /auth/me).' },
      {
        scope: 'account:write',
        label: 'Change account',
        grants: 'Change the profile and the password.',
      },
    ],
  },
  {
    area: 'API keys',
    scopes: [
      { scope: 'apikeys:read', label: 'List keys', grants: 'List your API keys (never secrets).' },
      { scope: 'apikeys:write', label: 'Revoke keys', grants: 'Revoke your API keys.' },
    ],
  },
  {
    area: 'Jobs',
    scopes: [
      { scope: 'jobs:read', label: 'Read jobs', grants: 'List, read and stream your jobs.' },
      { scope: 'jobs:write', label: 'Cancel jobs', grants: 'Cancel your jobs.' },
    ],
  },
  {
    area: 'Files and analysis',
    scopes: [
      { scope: 'files:read', label: 'Read files', grants: 'Read uploaded-file metadata.' },
      { scope: 'files:write', label: 'Upload files', grants: 'Upload files.' },
      {
        scope: 'analysis:write',
        label: 'Start analysis',
        grants: 'Start audio analysis jobs.',
      },
    ],
  },
];
