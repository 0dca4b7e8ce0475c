import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hash.ts';

describe('scrypt password hashing', () => {
  it('stores the parameters and a random salt with each hash', async () => {
    const a = await hashPassword('take-2-final');
    const b = await hashPassword('take-2-final');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('take-2-final');
    expect(await verifyPassword('take-2-final', hash)).toBe(true);
    expect(await verifyPassword('take-2-Final', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats Unicode spellings of the same password alike (NFKC)', async () => {
    const hash = await hashPassword('café1');
    expect(await verifyPassword('cafe\u0301' + '1', hash)).toBe(true);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$15$8$1$$')).toBe(false);
  });

  it('burns a full check for unknown accounts', async () => {
    expect(await burnPasswordCheck('whatever-1')).toBe(false);
  });
});
