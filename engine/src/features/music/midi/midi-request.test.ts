// Parsing POST /midi/convert's stems and options fields: defaults, ranges, and clear refusals.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { parseOptions, parseStems } from './midi-request.ts';

function refused(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('parseStems', () => {
  it('defaults to bass, vocals, piano and accepts JSON arrays or comma lists', () => {
    expect(parseStems(undefined)).toEqual(['bass', 'vocals', 'piano']);
    expect(parseStems('["guitar","drums"]')).toEqual(['guitar', 'drums']);
    expect(parseStems('piano, bass')).toEqual(['piano', 'bass']);
    expect(parseStems(['vocals'])).toEqual(['vocals']);
  });

  it('refuses unknown, repeated and empty stems, naming the field', () => {
    for (const bad of ['["kazoo"]', '["bass","bass"]', '[]', '{"a":1}', '[1']) {
      const error = refused(() => parseStems(bad));
      expect(error.code).toBe('validation_error');
      expect(error.details).toMatchObject({ fields: [{ loc: ['body', 'stems'] }] });
    }
  });
});

describe('parseOptions', () => {
  it('fills the contract defaults', () => {
    expect(parseOptions(undefined)).toEqual({
      onset_threshold: 0.5,
      frame_threshold: 0.3,
      min_note_len_ms: 128,
      tempo_bpm: null,
      split: true,
      melodia_trick: true,
    });
    expect(parseOptions('{"tempo_bpm":90,"split":false}')).toMatchObject({
      tempo_bpm: 90,
      split: false,
    });
  });

  it.each([
    '{"onset_threshold":0.04}',
    '{"onset_threshold":0.96}',
    '{"frame_threshold":1}',
    '{"min_note_len_ms":9}',
    '{"min_note_len_ms":2001}',
    '{"tempo_bpm":301}',
    '{"tempo_bpm":29}',
    '{"split":"no"}',
    '{"unknown":1}',
    '[1,2]',
    '{oops',
  ])('refuses %s', (raw) => {
    const error = refused(() => parseOptions(raw));
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^options: /);
  });
});
