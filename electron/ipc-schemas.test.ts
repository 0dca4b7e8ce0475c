import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcArgumentError, parseIpcArgs } from './ipc-schemas.ts';

const absolute = path.resolve('some', 'take.wav');

describe('IPC argument validation', () => {
  it('accepts well-formed calls, with or without the optional options', () => {
    expect(parseIpcArgs('tapehouse:open-file-dialog', [])).toEqual([]);
    const options = {
      title: 'Import audio',
      multiple: true,
      filters: [{ name: 'Audio', extensions: ['wav', 'flac', 'mp3'] }],
    };
    expect(parseIpcArgs('tapehouse:open-file-dialog', [options])).toEqual([options]);
    expect(parseIpcArgs('tapehouse:save-file-dialog', [{ defaultPath: 'book.m4b' }])).toEqual([
      { defaultPath: 'book.m4b' },
    ]);
    expect(parseIpcArgs('tapehouse:reveal-in-folder', [absolute])).toEqual([absolute]);
    expect(
      parseIpcArgs('tapehouse:credentials-set', ['hosted:alice@example.com', 's3cret']),
    ).toEqual(['hosted:alice@example.com', 's3cret']);
  });

  it.each([
    ['tapehouse:open-file-dialog', [{ properties: ['openFile'] }], 'Unrecognized key'],
    [
      'tapehouse:open-file-dialog',
      [{ filters: [{ name: 'x', extensions: ['.wav'] }] }],
      'extension',
    ],
    ['tapehouse:open-file-dialog', [{}, 'extra'], 'arguments'],
    ['tapehouse:save-file-dialog', ['book.m4b'], 'expected object'],
    ['tapehouse:reveal-in-folder', ['relative/take.wav'], 'absolute path'],
    ['tapehouse:reveal-in-folder', [`${absolute}\0.txt`], 'NUL'],
    ['tapehouse:reveal-in-folder', [42], 'expected string'],
    ['tapehouse:credentials-get', ['../../etc/passwd'], 'letters, digits'],
    ['tapehouse:credentials-get', ['a'.repeat(129)], 'letters, digits'],
    ['tapehouse:credentials-set', ['account', ''], 'Too small'],
    ['tapehouse:credentials-delete', [], 'expected array to have >=1 items'],
  ] as const)('rejects %s %j', (channel, args, problem) => {
    expect(() => parseIpcArgs(channel, args)).toThrow(IpcArgumentError);
    expect(() => parseIpcArgs(channel, args)).toThrow(problem);
  });
});
