// Webhook address safety (document 1, Delivery rules 6): every non-public range in every
// spelling, and the URL rules with injected DNS answers.
import type { PortRange } from '../../../loopback-ports.ts';
import { describe, expect, it } from 'vitest';
import { AddressGuard, type ResolvedAddress } from './address-guard.ts';
import { nonPublicReason, parseIPv6 } from './ip-ranges.ts';

describe('nonPublicReason', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.5',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.5',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:5',
    '64:ff9b:1::1',
    '2002:0a00:0005::1',
    '2001:db8::1',
    '2001::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '100::1',
  ])('refuses %s', (address) => {
    expect(nonPublicReason(address)).not.toBeNull();
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81b::200e',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
  ])('accepts public %s', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('parses every IPv6 spelling to the same bytes', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual(parseIPv6('::ffff:7f00:1'));
    expect(parseIPv6('[::1]')).toEqual(parseIPv6('0:0:0:0:0:0:0:1'));
    expect(parseIPv6('not-an-address')).toBeNull();
  });
});

function guard(
  answers: Record<string, string[]>,
  loopbackPorts: PortRange[] = [],
): { guard: AddressGuard; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    guard: new AddressGuard({
      loopbackPorts,
      lookup: async (hostname): Promise<ResolvedAddress[]> => {
        asked.push(hostname);
        const found = answers[hostname];
        if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    }),
  };
}

describe('AddressGuard', () => {
  it('accepts HTTPS to a public name and pins the address it judged', async () => {
    const { guard: g } = guard({ 'hooks.example.com': ['93.184.216.34'] });
    const result = await g.check('https://hooks.example.com/tapehouse?x=1');
    expect(result).toMatchObject({
      ok: true,
      target: { hostname: 'hooks.example.com', address: '93.184.216.34', family: 4 },
    });
  });

  it.each([
    ['https://127.0.0.1/hook', /loopback/],
    ['https://10.0.0.5/hook', /private/],
    ['https://[::1]/hook', /loopback/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://0.0.0.0/hook', /this network/],
    ['https://100.64.1.1/hook', /carrier-grade/],
    ['https://[fd00::1]/hook', /unique-local/],
    ['https://[fe80::1]/hook', /link-local/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['http://hooks.example.com/hook', /only https/],
    ['ftp://hooks.example.com/hook', /scheme/],
    ['https://user:pass@hooks.example.com/hook', /credentials/],
    ['https://localhost:8443/hook', /this machine/],
    ['not a url', /valid absolute URL/],
  ])('refuses %s', async (url, reason) => {
    const { guard: g } = guard({ 'hooks.example.com': ['93.184.216.34'] });
    const result = await g.check(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('refuses a name whose DNS answer includes any non-public address', async () => {
    const { guard: g } = guard({
      'internal.example.com': ['10.1.2.3'],
      'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
    });
    for (const host of ['internal.example.com', 'mixed.example.com', 'mapped.example.com']) {
      const result = await g.check(`https://${host}/hook`);
      expect(result.ok, host).toBe(false);
      if (!result.ok) expect(result.reason).toContain(`${host} resolves to`);
    }
    const missing = await g.check('https://nowhere.example.com/hook');
    expect(missing).toEqual({
      ok: false,
      reason: 'nowhere.example.com does not resolve (ENOTFOUND)',
    });
  });

  it('with loopback ports opened, accepts 127.0.0.1 and localhost on them, without DNS', async () => {
    const { guard: g, asked } = guard({}, [
      { from: 8080, to: 8080 },
      { from: 8443, to: 8450 },
    ]);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:8080/hook',
      'https://localhost:8443/hook',
    ]) {
      const result = await g.check(url);
      expect(result, url).toMatchObject({ ok: true, target: { address: '127.0.0.1' } });
    }
    expect(asked).toEqual([]);
    // Every other receiver still needs HTTPS on a public address.
    expect((await g.check('http://93.184.216.34/hook')).ok).toBe(false);
    expect((await g.check('https://10.0.0.5/hook')).ok).toBe(false);
    expect((await g.check('https://[::1]/hook')).ok).toBe(false);
    // Only the opened ports: the scheme's default port counts as the URL's port.
    for (const url of [
      'http://127.0.0.1:8081/hook',
      'http://localhost/hook',
      'https://127.0.0.1/hook',
      'http://127.0.0.1:7341/api/v1/auth/forgot-password',
    ]) {
      const result = await g.check(url);
      expect(result, url).toMatchObject({ ok: false, reason: expect.stringMatching(/^port \d+/) });
    }
  });

  it('without opened ports names the setting that opens one', async () => {
    const { guard: g } = guard({});
    const refused = await g.check('http://127.0.0.1:8080/hook');
    expect(refused).toMatchObject({
      ok: false,
      reason: expect.stringContaining('TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=<port>'),
    });
  });
});
