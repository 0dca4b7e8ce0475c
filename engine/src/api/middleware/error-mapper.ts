/**
 * The one place where errors become HTTP. AppError codes map to their status; body-parser and
 * unknown errors are translated; 5xx bodies never carry stacks or internal messages (the log
 * does, under the request id the client sees in X-Request-Id).
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError, isAppError, type ErrorCode } from '../../errors.ts';
import type { ErrorShape } from '../route.ts';

interface HttpErrorLike {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

function fromBodyParser(error: unknown): AppError | null {
  const e = error as HttpErrorLike;
  if (e === null || typeof e !== 'object' || typeof e.type !== 'string') return null;
  if (e.type === 'entity.parse.failed')
    return new AppError('validation_error', 'The request body is not valid JSON.');
  if (e.type === 'entity.too.large')
    return new AppError('payload_too_large', 'The request body is too large.');
  if (e.type === 'parameters.too.many')
    return new AppError('payload_too_large', 'The form has too many fields (at most 1000).');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return new AppError('unsupported_media_type', e.message ?? 'Unsupported body encoding.');
  if (e.type === 'request.aborted')
    return new AppError('bad_request', 'The request was aborted by the client.');
  return null;
}

/** The code a 4xx from express or its parsers stands for; anything else is bad_request. */
const CLIENT_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * Errors the HTTP stack raises before a route runs (http-errors with a 4xx status): a path that
 * is not valid percent-encoding (router's URIError), a body that is not the gzip or deflate its
 * Content-Encoding says (zlib, through body-parser), a query too deep. They are the client's
 * fault, so they answer a 4xx with the error shape, never a 500.
 */
function fromHttpStack(error: unknown): AppError | null {
  if (error instanceof URIError) {
    return new AppError('validation_error', 'The request path is not valid percent-encoding.');
  }
  const e = error as HttpErrorLike;
  if (e === null || typeof e !== 'object') return null;
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  const code = CLIENT_STATUS_CODES[status] ?? 'bad_request';
  // http-errors marks 4xx messages as safe to show (`expose`); others get a generic line.
  const message =
    e.expose === true && typeof e.message === 'string' && e.message !== ''
      ? `The request could not be read: ${e.message}.`
      : 'The request could not be read.';
  return new AppError(code, message);
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  return (
    fromBodyParser(error) ??
    fromHttpStack(error) ??
    new AppError('internal_error', 'Internal error.', { cause: error })
  );
}

/** OpenAI's error `type` for a status, so SDKs raise the right exception class. */
function openAiType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** A validation error's first body field (`speed`, `voice`), as OpenAI's `param`. */
function fieldParam(error: AppError): string | null {
  const fields = error.details?.fields;
  if (!Array.isArray(fields)) return null;
  const loc: unknown = (fields[0] as { loc?: unknown } | undefined)?.loc;
  if (!Array.isArray(loc) || loc[0] !== 'body' || loc.length < 2) return null;
  return loc.slice(1).map(String).join('.');
}

/**
 * Server-side codes whose details a caller acts on: which pack to install (the studio's Install
 * button; docs/api/models.md) and how much disk is missing. Other 5xx details stay in the log.
 */
const DETAILED_5XX = new Set<string>(['model_not_installed', 'insufficient_storage']);

export function errorBody(error: AppError, requestId: string, shape: ErrorShape): unknown {
  const message =
    error.status >= 500 && error.code === 'internal_error'
      ? `Internal error. Quote request id ${requestId} when reporting it.`
      : error.message;
  if (shape === 'openai') {
    const param =
      typeof error.details?.param === 'string' ? error.details.param : fieldParam(error);
    return { error: { message, type: openAiType(error.status), param, code: error.code } };
  }
  return error.details && (error.status < 500 || DETAILED_5XX.has(error.code))
    ? { detail: message, code: error.code, ...error.details }
    : { detail: message, code: error.code };
}

export function errorMapper(log: (line: string) => void) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = toAppError(error);
    const requestId = String(res.locals.requestId ?? '');
    if (appError.status >= 500) {
      const cause =
        appError.cause instanceof Error ? (appError.cause.stack ?? appError.cause.message) : '';
      log(
        `[${requestId}] ${req.method} ${req.originalUrl} → ${appError.status} ${appError.code}: ${appError.message}\n${cause}`,
      );
    }
    const shape: ErrorShape = res.locals.errorShape === 'openai' ? 'openai' : 'native';
    for (const [name, value] of Object.entries(appError.headers ?? {})) res.setHeader(name, value);
    // Refused before its body was read (413 mid-stream, 4xx on the headers): the rest of the
    // body is still on the socket and the connection cannot carry another request — a client
    // that reused it waited forever. Closing it after the answer is what HTTP/1.1 prescribes.
    if (!req.complete) res.setHeader('Connection', 'close');
    res.status(appError.status).json(errorBody(appError, requestId, shape));
  };
}
