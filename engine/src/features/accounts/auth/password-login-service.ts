/**
 * POST /auth/token (document 1, "Registration, login, tokens"): e-mail and password in, Token
 * response out. A wrong e-mail and a wrong password answer the same 401 `invalid_credentials`
 * in the same time; every failure is recorded with its IP and the e-mail it named, and after
 * three in 15 minutes the next login from that IP, or to that account from anywhere, needs a
 * CAPTCHA (auth-signals.ts).
 */
import { AppError } from '../../../errors.ts';
import type { ClientInfo } from '../sessions/client-info.ts';
import { deviceFingerprint } from '../sessions/client-info.ts';
import type { AuthSignals } from './auth-signals.ts';
import type { CaptchaProof, CaptchaService } from './captcha-service.ts';
import { burnPasswordCheck, verifyPassword } from './password-hash.ts';
import type { SignInService } from './sign-in-service.ts';
import type { UserRepo } from './user-repo.ts';
import type { TokenResponse } from './user-schema.ts';

export interface PasswordLogin extends CaptchaProof {
  username: string;
  password: string;
}

export class PasswordLoginService {
  constructor(
    private readonly users: UserRepo,
    private readonly signals: AuthSignals,
    private readonly captcha: CaptchaService,
    private readonly signIn: SignInService,
  ) {}

  async login(input: PasswordLogin, client: ClientInfo): Promise<TokenResponse> {
    const reasons = this.signals.captchaReasons(
      'login',
      client.ip,
      deviceFingerprint(client),
      input.username,
    );
    if (reasons.length > 0) this.captcha.redeem(input, client.ip, reasons);
    const user = this.users.findByEmail(input.username);
    const hash = user?.passwordHash ?? null;
    const ok =
      hash !== null
        ? await verifyPassword(input.password, hash)
        : await burnPasswordCheck(input.password);
    if (!user || !ok) {
      this.signals.recordFailedLogin(client.ip, input.username.trim().toLowerCase());
      throw new AppError('invalid_credentials', 'Wrong e-mail or password.');
    }
    if (!user.isActive) throw new AppError('forbidden', 'This account is disabled.');
    return this.signIn.complete(user, client, 'password');
  }
}
