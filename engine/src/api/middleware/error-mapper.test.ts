import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS } from '../../errors.ts';
import { errorBody, toAppError } from './error-mapper.ts';

describe('error mapper', () => {
  it('hides internal messages and stacks on 5xx, quoting the request id', () => {
    const error = toAppError(new TypeError('secret path /home/u/.db exploded'));
    expect(error.code).toBe('internal_error');
    const body = errorBody(error, 'req-1', 'native') as { detail: string; code: string };
    expect(body).toEqual({
      detail: 'Internal error. Quote request id req-1 when reporting it.',
      code: 'internal_error',
    });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('keeps the contract codes and adds details on 4xx', () => {
    const error = new AppError('validation_error', 'Invalid body', {
      details: { fields: [{ loc: ['body', 'x'] }] },
    });
    expect(errorBody(error, 'r', 'native')).toEqual({
      detail: 'Invalid body',
      code: 'validation_error',
      fields: [{ loc: ['body', 'x'] }],
    });
  });

  it('adds details to the 5xx a caller acts on (which pack to install), not to other 5xx', () => {
    const missing = new AppError('model_not_installed', 'Transcription needs a pack.', {
      details: { pack: 'whisper-tiny', install: ['silero-vad', 'whisper-tiny'] },
    });
    expect(errorBody(missing, 'r', 'native')).toMatchObject({
      code: 'model_not_installed',
      pack: 'whisper-tiny',
      install: ['silero-vad', 'whisper-tiny'],
    });
    const down = new AppError('service_unavailable', 'Down', { details: { url: 'https://x' } });
    expect(errorBody(down, 'r', 'native')).toEqual({ detail: 'Down', code: 'service_unavailable' });
  });

  it('answers the OpenAI shape with the SDK error types', () => {
    const notFound = new AppError('voice_not_found', 'No voice "zz"', {
      details: { param: 'voice' },
    });
    expect(errorBody(notFound, 'r', 'openai')).toEqual({
      error: {
        message: 'No voice "zz"',
        type: 'not_found_error',
        param: 'voice',
        code: 'voice_not_found',
      },
    });
  });

  it('translates body-parser failures', () => {
    expect(toAppError({ type: 'entity.parse.failed', status: 400 }).code).toBe('validation_error');
    expect(toAppError({ type: 'entity.too.large', status: 413 }).status).toBe(413);
  });

  it('answers 4xx, not 500, for what the HTTP stack refuses before a route runs', () => {
    const decode = new URIError("Failed to decode param '%ZZ'");
    expect(toAppError(decode)).toMatchObject({ code: 'validation_error', status: 400 });
    const fields = { type: 'parameters.too.many', status: 413, expose: true, message: 'x' };
    expect(toAppError(fields)).toMatchObject({ code: 'payload_too_large', status: 413 });
    const gzip = Object.assign(new Error('incorrect header check'), { status: 400, expose: true });
    expect(toAppError(gzip)).toMatchObject({ code: 'bad_request', status: 400 });
    expect(toAppError(gzip).message).toContain('incorrect header check');
    const hidden = Object.assign(new Error('secret'), { status: 404, expose: false });
    expect(toAppError(hidden)).toMatchObject({ code: 'not_found' });
    expect(toAppError(hidden).message).not.toContain('secret');
    expect(toAppError(Object.assign(new Error('boom'), { status: 502 })).code).toBe(
      'internal_error',
    );
  });

  it('maps every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
