/**
 * Non-JSON replies a handler may return instead of a plain object. The edge (api/register.ts)
 * knows how to send each; handlers and services never touch express.
 */
export interface SseChannel {
  send(event: string, data: unknown): void;
  comment(text: string): void;
}

export class SseReply {
  readonly kind = 'sse';
  /** Called once the stream is open; returns the unsubscribe run when the client leaves. */
  constructor(readonly open: (channel: SseChannel) => () => void) {}
}

export class FileReply {
  readonly kind = 'file';
  constructor(
    readonly path: string,
    readonly contentType: string,
    readonly downloadName?: string,
    /** Run once the file was sent (or sending failed), e.g. to delete a temporary file. */
    readonly onDone?: () => void,
  ) {}
}

export class StatusReply {
  readonly kind = 'status';
  constructor(
    readonly status: number,
    readonly body?: unknown,
    /** Extra response headers, e.g. pagination totals beside a bare-array body. */
    readonly headers?: Record<string, string>,
  ) {}
}

/** A text body of its own type (an HTML page) with the headers the handler sets (CSP, framing). */
export class TextReply {
  readonly kind = 'text';
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
    readonly status = 200,
  ) {}
}

export type Reply = SseReply | FileReply | StatusReply | TextReply;

export function isReply(value: unknown): value is Reply {
  return (
    value instanceof SseReply ||
    value instanceof FileReply ||
    value instanceof StatusReply ||
    value instanceof TextReply
  );
}
