/**
 * Incremental parser for `text/event-stream` bodies, following the WHATWG HTML "event stream
 * interpretation" rules (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream):
 * lines end in CRLF, LF or CR; `:` starts a comment; a blank line dispatches the event; one
 * leading space after the colon is dropped; `data` lines join with "\n".
 *
 * The studio needs its own parser because EventSource cannot send an Authorization header, so
 * the stream is read with fetch(). Pure and synchronous: feed it decoded text in any chunking.
 */

export interface SseMessage {
  /** The `event:` field, or "message" when absent. */
  event: string;
  data: string;
  /** The last `id:` seen so far in the stream (it persists across messages), or null. */
  id: string | null;
}

export class SseParser {
  /** Text after the last complete line, waiting for its line ending. */
  private pending = '';
  /** A chunk ended in CR: if the next one starts with LF, that LF belongs to the same ending. */
  private skipLeadingLf = false;
  private atStreamStart = true;
  private eventType = '';
  private dataLines: string[] = [];
  private lastEventId: string | null = null;
  /** The server's `retry:` advice in ms, or null until it sends one. */
  retryMs: number | null = null;
  /** Comment lines seen (`: ping` keep-alives); lets callers notice a live but quiet stream. */
  comments = 0;

  /** Feeds decoded text; returns the messages completed by it, in order. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.atStreamStart && text.length > 0) {
      this.atStreamStart = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (this.skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    this.skipLeadingLf = false;

    const out: SseMessage[] = [];
    let buffer = this.pending + text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      const message = this.line(buffer.slice(start, i));
      if (message) out.push(message);
      if (ch === '\r') {
        if (i + 1 < buffer.length) {
          if (buffer[i + 1] === '\n') i++;
        } else {
          this.skipLeadingLf = true;
        }
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
    this.pending = buffer;
    return out;
  }

  /** Stream ended: per spec an event without its blank line is discarded. Resets the parser. */
  end(): void {
    this.pending = '';
    this.skipLeadingLf = false;
    this.atStreamStart = true;
    this.eventType = '';
    this.dataLines = [];
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments++;
      return null;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        // Unknown fields are ignored by the spec.
        break;
    }
    return null;
  }

  private dispatch(): SseMessage | null {
    const event = this.eventType || 'message';
    const lines = this.dataLines;
    this.eventType = '';
    this.dataLines = [];
    if (lines.length === 0) return null;
    return { event, data: lines.join('\n'), id: this.lastEventId };
  }
}
