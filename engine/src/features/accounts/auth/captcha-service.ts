/**
 * CAPTCHA challenges (document 1, /auth/captcha/generate, /verify, /required). An offline
 * engine cannot call a third-party CAPTCHA, so the challenge is a short arithmetic question;
 * what makes it useful is the bookkeeping: one answer per challenge, 300 s lifetime, bound to
 * the asking IP, and single use by the login or sign-up it unlocks.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import type { CaptchaRepo } from './captcha-repo.ts';
import { hashSecret, secretMatches } from './one-time-code.ts';
import { isoAfterSeconds, isPast, nowIso } from './time.ts';

export const CAPTCHA_TTL_SECONDS = 300;

export interface CaptchaChallenge {
  captcha_id: string;
  question: string;
  expires_in: number;
}

/** What a login or sign-up request may carry to satisfy a required CAPTCHA. */
export interface CaptchaProof {
  captcha_id?: string | undefined;
  captcha_answer?: string | undefined;
}

function question(): { text: string; answer: number } {
  const a = randomInt(2, 20);
  const b = randomInt(2, 20);
  switch (randomInt(0, 3)) {
    case 0:
      return { text: `What is ${a} plus ${b}?`, answer: a + b };
    case 1:
      return {
        text: `What is ${Math.max(a, b)} minus ${Math.min(a, b)}?`,
        answer: Math.abs(a - b),
      };
    default:
      return { text: `What is ${a % 10} times ${b % 10}?`, answer: (a % 10) * (b % 10) };
  }
}

function normalizeAnswer(answer: string): string {
  return answer
    .trim()
    .replace(/^\+/, '')
    .replace(/^0+(?=\d)/, '');
}

export class CaptchaService {
  constructor(private readonly repo: CaptchaRepo) {}

  generate(ip: string): CaptchaChallenge {
    this.repo.deleteExpired(nowIso(Date.now() - 3600 * 1000));
    const id = randomUUID();
    const { text, answer } = question();
    this.repo.create({
      id,
      question: text,
      answerHash: hashSecret(String(answer), id),
      ipAddress: ip,
      expiresAt: isoAfterSeconds(CAPTCHA_TTL_SECONDS),
    });
    return { captcha_id: id, question: text, expires_in: CAPTCHA_TTL_SECONDS };
  }

  /** POST /auth/captcha/verify: true marks the challenge solved for a later login or sign-up. */
  verify(id: string, answer: string, ip: string): boolean {
    const row = this.repo.get(id);
    if (!row || row.ipAddress !== ip || row.attempts > 0 || row.consumedAt !== null) return false;
    if (isPast(row.expiresAt)) return false;
    const ok = secretMatches(normalizeAnswer(answer), row.answerHash, id);
    this.repo.answer(id, ok ? nowIso() : null);
    return ok;
  }

  /**
   * Consumes a CAPTCHA for a login or sign-up that requires one: either a challenge solved via
   * /auth/captcha/verify (captcha_id alone) or one answered here (captcha_id + captcha_answer).
   */
  redeem(proof: CaptchaProof, ip: string, reasons: string[]): void {
    const id = proof.captcha_id;
    if (id === undefined) {
      throw new AppError(
        'captcha_required',
        'A CAPTCHA is required: GET /auth/captcha/generate, then send captcha_id and captcha_answer.',
        { details: { captcha_required: true, reasons } },
      );
    }
    const answered =
      proof.captcha_answer === undefined || this.verify(id, proof.captcha_answer, ip);
    const row = this.repo.get(id);
    const usable =
      answered &&
      row !== undefined &&
      row.solvedAt !== null &&
      row.ipAddress === ip &&
      !isPast(row.expiresAt) &&
      this.repo.consume(id, nowIso());
    if (!usable) {
      throw new AppError(
        'captcha_required',
        'The CAPTCHA answer is wrong, expired or already used: generate a new one.',
        { details: { captcha_required: true, reasons } },
      );
    }
  }
}
