/**
 * The last step of every way in (password login, registration verification, and OAuth later):
 * record the device, open a session, issue the token pair, answer the contract's Token response.
 */
import type { UserRow } from '../../../db/schema/accounts.ts';
import type { ClientInfo } from '../sessions/client-info.ts';
import type { LoginMethod, SessionService } from '../sessions/session-service.ts';
import type { PlanSource } from '../../billing/index.ts';
import type { TokenService } from './token-service.ts';
import { toUser, type TokenResponse } from './user-schema.ts';

export class SignInService {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly plans: PlanSource,
  ) {}

  complete(
    user: UserRow,
    client: ClientInfo,
    method: LoginMethod,
    options: { trustDevice?: boolean } = {},
  ): TokenResponse {
    const session = this.sessions.open(user.id, client, method, options);
    return {
      user: toUser(user, this.plans.blocksFor(user.id)),
      ...this.tokens.issuePair(user.id, session.id),
    };
  }
}
