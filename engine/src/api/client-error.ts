/**
 * Requests Node's HTTP parser refuses before express ever sees them (a header block over
 * `maxHeaderSize`, a malformed request line). Node's default answer is a bare status line with
 * no body; scripts and the studio expect the documented error shape (docs/api/errors.md) on
 * every 4xx, so the socket gets a short JSON answer instead and is then closed.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { AppError } from '../errors.ts';

interface ParserError extends Error {
  code?: string;
}

function refusal(error: ParserError): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new AppError(
      'request_header_fields_too_large',
      'The request headers are too large (at most 16 KiB in all).',
    );
  }
  return new AppError('bad_request', 'The request is not valid HTTP/1.1.');
}

export function answerClientError(error: ParserError, socket: Duplex): void {
  // A client that went away (or a timeout Node already answered) gets nothing more.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refused = refusal(error);
  const body = JSON.stringify({ detail: refused.message, code: refused.code });
  const reason = refused.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${refused.status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
