import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('makes the whole loopback range one client', () => {
    for (const ip of [
      '127.0.0.1',
      '127.0.0.11',
      '127.255.255.254',
      '::1',
      '::ffff:127.0.0.1',
      '::FFFF:127.9.9.9',
    ]) {
      expect(clientAddress(ip), ip).toBe('127.0.0.1');
    }
  });

  it('keeps other addresses, counting IPv4-mapped ones as IPv4', () => {
    expect(clientAddress('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(clientAddress('192.168.1.20')).toBe('192.168.1.20');
    expect(clientAddress('fd00::2')).toBe('fd00::2');
    expect(clientAddress('::ffff:7f00:1')).toBe('::ffff:7f00:1'.toLowerCase());
    expect(clientAddress('')).toBe('');
  });
});
