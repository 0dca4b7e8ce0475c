/**
 * Every route of the accounts area (document 1, "Registration, login, tokens", "Profile and
 * security", "API keys", OAuth sign-in and account providers) plus the native GET /local/outbox,
 * in the order the contract lists them. api/route-table.ts adds these rows to THE table.
 */
import type { AnyRoute } from '../../api/route.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { accountProviderRoutes, oauthRoutes } from './oauth/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { captchaRoutes } from './auth/captcha-routes.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { profileRoutes } from './auth/profile-routes.ts';
import { registrationRoutes } from './auth/registration-routes.ts';
import { tokenRoutes } from './auth/token-routes.ts';

export const authRoutes: AnyRoute[] = [
  ...registrationRoutes,
  ...tokenRoutes,
  ...passwordRoutes,
  ...oauthRoutes,
  ...profileRoutes,
  ...sessionRoutes,
  ...captchaRoutes,
  ...accountProviderRoutes,
  ...apiKeyRoutes,
  ...outboxRoutes,
];
