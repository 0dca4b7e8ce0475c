// The url input's address rules (reused from webhooks): scheme, credentials, private addresses,
// DNS answers, and the owner's loopback opt-in.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { judgeUrl } from './url-input.ts';

const lookup = (answers: Record<string, string[]>) => async (host: string) =>
  (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const PORT_9000 = [9000];

async function refusal(
  raw: string,
  loopback: number[] | null = null,
  answers: Record<string, string[]> = {},
) {
  const error = await judgeUrl(raw, { loopback, lookup: lookup(answers) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('validation_error');
  return (error as AppError).message;
}

describe('judgeUrl', () => {
  it('accepts http and https on public addresses and pins the judged address', async () => {
    const judged = await judgeUrl('http://music.example/song.mp3', {
      loopback: null,
      lookup: lookup({ 'music.example': ['93.184.216.34'] }),
    });
    expect(judged).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(judged.url.pathname).toBe('/song.mp3');
  });

  it('refuses other schemes, credentials and malformed URLs', async () => {
    expect(await refusal('ftp://music.example/a.mp3')).toMatch(/http:\/\/ or https:\/\//);
    expect(await refusal('https://user:pw@music.example/a.mp3')).toMatch(/credentials/);
    expect(await refusal('not a url')).toMatch(/valid absolute URL/);
  });

  it('refuses private, link-local and loopback addresses, directly or through DNS', async () => {
    expect(await refusal('http://10.0.0.5/a.mp3')).toMatch(/10\.0\.0\.5/);
    expect(await refusal('http://169.254.169.254/latest/meta-data')).toMatch(/169\.254/);
    expect(await refusal('http://127.0.0.1:8080/a.mp3')).toMatch(/127\.0\.0\.1/);
    expect(await refusal('http://localhost/a.mp3')).toMatch(/this machine/);
    expect(
      await refusal('https://rebind.example/a.mp3', null, {
        'rebind.example': ['8.8.8.8', '192.168.1.2'],
      }),
    ).toMatch(/resolves to 192\.168\.1\.2/);
    expect(await refusal('https://nowhere.example/a.mp3')).toMatch(/does not resolve/);
  });

  it('allows loopback only with the owner’s opt-in', async () => {
    const judged = await judgeUrl('http://localhost:9000/a.flac', {
      loopback: PORT_9000,
      lookup: lookup({}),
    });
    expect(judged.address).toBe('127.0.0.1');
    expect(await refusal('http://192.168.1.2/a.flac', PORT_9000)).toMatch(/192\.168/);
    expect(await refusal('http://127.0.0.1:9001/a.flac', PORT_9000)).toMatch(/port 9001/);
  });
});
