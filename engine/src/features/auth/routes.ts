/**
 * Every route of the accounts area (document 1, "Registration, login, tokens", "Profile and
 * security", "API keys", OAuth sign-in and account providers) plus the native GET /local/outbox,
 * in the order the contract lists them. api/route-table.ts adds these rows to THE table.
 */
import type { AnyRoute } from '../../api/route.ts';
import { apiKeyRoutes } from '../apikeys/routes.ts';
import { accountProviderRoutes, oauthRoutes } from '../oauth/routes.ts';
import { outboxRoutes } from '../outbox/routes.ts';
import { sessionRoutes } from '../sessions/routes.ts';
import { captchaRoutes } from './captcha-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import { tokenRoutes } from './token-routes.ts';

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
