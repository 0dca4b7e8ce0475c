/**
 * Sync's settings (features/sync; docs/api/sync.md): the hosted service, where tokens are kept,
 * payments and the OAuth apps a hosted engine signs workstations in with.
 */
import { AppError } from './errors.ts';
import { nonEmpty, providerUrl } from './config-values.ts';
import type { Settings } from './settings-schema.ts';

/** Where a linked studio keeps its hosted tokens: the OS store if reachable, else a 0600 file. */
export type CredentialStoreMode = 'auto' | 'keychain' | 'file';

/** An OAuth app the hosted service signs workstations in with (system browser, loopback). */
export interface OAuthAppConfig {
  clientId: string;
  /** Kept by the hosted service only: it exchanges the code, so no studio ever holds it. */
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface SyncConfig {
  /** Base URL of the hosted service (without /api/v1): https, or http to this machine (tests). */
  hostedUrl: string;
  credentialStore: CredentialStoreMode;
  /** Hosted profile: Stripe for pay-as-you-go checkout; null: no payment provider. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Stripe's API base; tests point it at a local server speaking the API's shape. */
    apiUrl: string | null;
    successUrl: string;
    cancelUrl: string;
  } | null;
  /** Hosted profile: OAuth apps for workstation sign-in; null: that provider is not offered. */
  oauthApps: { google: OAuthAppConfig | null; github: OAuthAppConfig | null };
}

export const DEFAULT_HOSTED_URL = 'https://api.tapehouse.app';
export const DEFAULT_CHECKOUT_SUCCESS_URL = 'https://tapehouse.app/credits/thanks';
export const DEFAULT_CHECKOUT_CANCEL_URL = 'https://tapehouse.app/credits';
export const DEFAULT_OAUTH_ENDPOINTS = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
  },
} as const;

function credentialStoreMode(value: string | null): CredentialStoreMode | null {
  if (value === null) return null;
  if (value === 'auto' || value === 'keychain' || value === 'file') return value;
  throw new AppError(
    'validation_error',
    `TAPEHOUSE_CREDENTIAL_STORE must be "auto", "keychain" or "file", got "${value}"`,
  );
}

/**
 * Sync's settings. The hosted URL must be https (plain http only to this machine, where tests run
 * the hosted engine): tokens and passwords travel to it. Payment and OAuth secrets come from the
 * environment only, never settings.json, and only a hosted engine uses them.
 */
export function loadSyncConfig(env: NodeJS.ProcessEnv, settings: Settings): SyncConfig {
  const oauthApp = (
    provider: 'google' | 'github',
    clientId: string | null,
    fromSettings:
      { authorize_url?: string | undefined; token_url?: string | undefined } | undefined,
  ): OAuthAppConfig | null => {
    if (clientId === null) return null;
    const upper = provider.toUpperCase();
    const defaults = DEFAULT_OAUTH_ENDPOINTS[provider];
    return {
      clientId,
      clientSecret: nonEmpty(env[`TAPEHOUSE_${upper}_CLIENT_SECRET`]),
      authorizeUrl: providerUrl(
        nonEmpty(env[`TAPEHOUSE_${upper}_AUTHORIZE_URL`]) ??
          fromSettings?.authorize_url ??
          defaults.authorizeUrl,
        `TAPEHOUSE_${upper}_AUTHORIZE_URL`,
      ),
      tokenUrl: providerUrl(
        nonEmpty(env[`TAPEHOUSE_${upper}_TOKEN_URL`]) ??
          fromSettings?.token_url ??
          defaults.tokenUrl,
        `TAPEHOUSE_${upper}_TOKEN_URL`,
      ),
    };
  };
  const stripeKey = nonEmpty(env.TAPEHOUSE_STRIPE_SECRET_KEY);
  const stripeApiUrl = nonEmpty(env.TAPEHOUSE_STRIPE_API_URL);
  return {
    hostedUrl: providerUrl(
      nonEmpty(env.TAPEHOUSE_HOSTED_URL) ?? settings.hostedUrl ?? DEFAULT_HOSTED_URL,
      'TAPEHOUSE_HOSTED_URL',
    ).replace(/\/+$/, ''),
    credentialStore:
      credentialStoreMode(nonEmpty(env.TAPEHOUSE_CREDENTIAL_STORE)) ??
      settings.credentialStore ??
      'auto',
    stripe:
      stripeKey === null
        ? null
        : {
            secretKey: stripeKey,
            webhookSecret: nonEmpty(env.TAPEHOUSE_STRIPE_WEBHOOK_SECRET) ?? '',
            apiUrl:
              stripeApiUrl === null ? null : providerUrl(stripeApiUrl, 'TAPEHOUSE_STRIPE_API_URL'),
            successUrl: settings.stripeSuccessUrl ?? DEFAULT_CHECKOUT_SUCCESS_URL,
            cancelUrl: settings.stripeCancelUrl ?? DEFAULT_CHECKOUT_CANCEL_URL,
          },
    oauthApps: {
      google: oauthApp(
        'google',
        nonEmpty(env.TAPEHOUSE_GOOGLE_WEB_CLIENT_ID) ??
          settings.oauthApps?.google?.client_id ??
          null,
        settings.oauthApps?.google,
      ),
      github: oauthApp(
        'github',
        nonEmpty(env.TAPEHOUSE_GITHUB_CLIENT_ID) ?? settings.oauthApps?.github?.client_id ?? null,
        settings.oauthApps?.github,
      ),
    },
  };
}
