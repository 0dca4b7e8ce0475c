import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../renderer/src/api/account-types.ts';
import { codeIn, latestMessageSince } from '../../renderer/src/features/account/outbox.ts';

const message = (id: number, to: string, at: string, body = 'code 123456'): OutboxMessage => ({
  id,
  channel: 'email',
  to,
  subject: 'Your Tapehouse verification code',
  body,
  created_at: at,
});

describe('local outbox', () => {
  const sent = Date.parse('2026-11-22T12:00:00.000Z');

  it('picks the newest e-mail to the address written since the code was asked for', () => {
    const messages = [
      message(3, 'ada@example.com', '2026-11-22T12:00:01.000Z', 'new 222222'),
      message(2, 'bob@example.com', '2026-11-22T12:00:00.500Z'),
      message(1, 'ada@example.com', '2026-11-22T11:50:00.000Z', 'old 111111'),
    ];
    expect(latestMessageSince(messages, ' Ada@Example.com ', sent)?.id).toBe(3);
  });

  it('ignores earlier attempts and text messages, allowing a little clock slack', () => {
    const old = [message(1, 'ada@example.com', '2026-11-22T11:50:00.000Z')];
    expect(latestMessageSince(old, 'ada@example.com', sent)).toBeNull();
    const slightlyEarlier = [message(1, 'ada@example.com', '2026-11-22T11:59:57.000Z')];
    expect(latestMessageSince(slightlyEarlier, 'ada@example.com', sent)?.id).toBe(1);
    const sms = [
      { ...message(1, 'ada@example.com', '2026-11-22T12:00:01.000Z'), channel: 'sms' as const },
    ];
    expect(latestMessageSince(sms, 'ada@example.com', sent)).toBeNull();
  });

  it('finds the 6-digit code in the engine’s message', () => {
    expect(codeIn('Your Tapehouse verification code is 042917.\n\nIt expires in 15 minutes.')).toBe(
      '042917',
    );
    expect(codeIn('No code here, only 12345 and 1234567.')).toBeNull();
  });
});
