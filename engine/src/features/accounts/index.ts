/**
 * Accounts: registration and login, tokens and sessions, devices, OAuth sign-in, API keys,
 * CAPTCHA and phone verification, and the local outbox that stands in for e-mail and SMS
 * (document 1; docs/api/auth.md). It resolves credentials for the API edge and reads each user's
 * credit blocks from billing through `PlanSource`.
 */
export { authRoutes as accountsRoutes } from './routes.ts';
export {
  buildAccounts as createAccounts,
  type Accounts,
  type AccountsOptions,
} from './accounts.ts';
/** The Token response (document 1), for other areas' routes that sign a device in (sync). */
export { tokenResponseSchema, type TokenResponse } from './auth/user-schema.ts';
