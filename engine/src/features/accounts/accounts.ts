/**
 * Builds the accounts area for one engine (the Services container's `accounts`): repositories
 * over the engine's database, the services on top of them, and the credential resolvers for
 * API keys and access tokens that api/authenticate.ts consults after the studio token.
 */
import type { CredentialResolver } from '../../api/authenticate.ts';
import type { EngineConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiKeyRepo } from './api-keys/api-key-repo.ts';
import { apiKeyResolver } from './api-keys/api-key-resolver.ts';
import { ApiKeyService } from './api-keys/api-key-service.ts';
import { createMailer, type Mailer } from './outbox/mailer.ts';
import { OutboxRepo } from './outbox/outbox-repo.ts';
import { RecipientCappedMailer } from './outbox/recipient-cap.ts';
import { OutboxSmsSender, type SmsSender } from './outbox/sms-sender.ts';
import { AccountProviderRepo } from './oauth/account-provider-repo.ts';
import { AccountProviderService } from './oauth/account-provider-service.ts';
import { OAuthSignInService } from './oauth/oauth-sign-in-service.ts';
import { ProviderVerifier } from './oauth/provider-identity.ts';
import { DeviceRepo } from './sessions/device-repo.ts';
import { SessionRepo } from './sessions/session-repo.ts';
import { SessionService } from './sessions/session-service.ts';
import { accessTokenResolver } from './auth/access-token-resolver.ts';
import type { PlanSource } from '../billing/index.ts';
import { AuthAttemptRepo } from './auth/auth-attempt-repo.ts';
import { AuthSignals } from './auth/auth-signals.ts';
import { CaptchaRepo } from './auth/captcha-repo.ts';
import { CaptchaService } from './auth/captcha-service.ts';
import { PasswordLoginService } from './auth/password-login-service.ts';
import { PasswordResetRepo } from './auth/password-reset-repo.ts';
import { PasswordResetService } from './auth/password-reset-service.ts';
import { PhoneVerificationRepo } from './auth/phone-verification-repo.ts';
import { PhoneVerificationService } from './auth/phone-verification-service.ts';
import { ProfileService } from './auth/profile-service.ts';
import { RegistrationRepo } from './auth/registration-repo.ts';
import { RegistrationService } from './auth/registration-service.ts';
import { SignInService } from './auth/sign-in-service.ts';
import { loadOrCreateTokenSecret } from './auth/token-secret.ts';
import { TokenService } from './auth/token-service.ts';
import { UserRepo } from './auth/user-repo.ts';

export interface Accounts {
  users: UserRepo;
  /** The User object's credits and subscription blocks, from the credits ledger. */
  plans: PlanSource;
  profile: ProfileService;
  registration: RegistrationService;
  passwordLogin: PasswordLoginService;
  passwordReset: PasswordResetService;
  signIn: SignInService;
  /** Google and GitHub sign-in (features/accounts/oauth). */
  oauth: OAuthSignInService;
  /** The caller's linked sign-in providers (features/accounts/oauth). */
  accountProviders: AccountProviderService;
  tokens: TokenService;
  sessions: SessionService;
  apiKeys: ApiKeyService;
  captcha: CaptchaService;
  signals: AuthSignals;
  phone: PhoneVerificationService;
  outbox: OutboxRepo;
  mailer: Mailer;
  /** API keys, then access tokens (the studio token's resolver comes first, in engine.ts). */
  resolvers: CredentialResolver[];
}

export interface AccountsOptions {
  /** The credits ledger's view of each user (features/billing/credits-service.ts). */
  plans: PlanSource;
  /** An SMS gateway; the default writes text messages to the local outbox. */
  sms?: SmsSender;
}

export function buildAccounts(
  db: Db,
  config: EngineConfig,
  log: (line: string) => void,
  options: AccountsOptions,
): Accounts {
  const { plans } = options;
  const users = new UserRepo(db);
  users.ensureOwner();
  const outbox = new OutboxRepo(db);
  const attempts = new AuthAttemptRepo(db);
  const mailer = new RecipientCappedMailer(createMailer(config.smtpUrl, outbox), attempts);
  const sessionRepo = new SessionRepo(db);
  const sessions = new SessionService(sessionRepo, new DeviceRepo(db));
  const tokens = new TokenService(loadOrCreateTokenSecret(config.home), sessionRepo, sessions);
  const signals = new AuthSignals(attempts);
  const captcha = new CaptchaService(new CaptchaRepo(db));
  const signIn = new SignInService(sessions, tokens, plans);
  const resetTokens = new PasswordResetRepo(db);
  const apiKeys = new ApiKeyService(new ApiKeyRepo(db), users);
  const links = new AccountProviderRepo(db);
  const providers = new ProviderVerifier(config);
  return {
    users,
    plans,
    profile: new ProfileService(users, sessions, resetTokens, plans),
    registration: new RegistrationService(
      users,
      new RegistrationRepo(db),
      mailer,
      signals,
      captcha,
      signIn,
    ),
    passwordLogin: new PasswordLoginService(users, signals, captcha, signIn),
    passwordReset: new PasswordResetService(users, resetTokens, sessions, mailer, log),
    signIn,
    oauth: new OAuthSignInService(users, links, providers, signals, signIn),
    accountProviders: new AccountProviderService(users, links, providers),
    tokens,
    sessions,
    apiKeys,
    captcha,
    signals,
    phone: new PhoneVerificationService(
      users,
      new PhoneVerificationRepo(db),
      options.sms ?? new OutboxSmsSender(outbox),
    ),
    outbox,
    mailer,
    resolvers: [apiKeyResolver(apiKeys), accessTokenResolver(tokens, sessions, users)],
  };
}
