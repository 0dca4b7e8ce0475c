import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../renderer/src/api/sse.ts';

/** Feeds `text` split into pieces of `size` characters, as a network might. */
function parseInChunks(text: string, size: number): SseMessage[] {
  const parser = new SseParser();
  const out: SseMessage[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
  return out;
}

const JOB_STREAM =
  ': connected\n\n' +
  'event: job\ndata: {"event":"job.progress","job":{"id":1}}\n\n' +
  ': ping\n\n' +
  'event: job\ndata: {"event":"job.completed","job":{"id":1}}\n\n';

describe('SseParser', () => {
  it('parses named events and skips comment lines', () => {
    const parser = new SseParser();
    const messages = parser.push(JOB_STREAM);
    expect(messages).toEqual([
      { event: 'job', data: '{"event":"job.progress","job":{"id":1}}', id: null },
      { event: 'job', data: '{"event":"job.completed","job":{"id":1}}', id: null },
    ]);
    expect(parser.comments).toBe(2);
  });

  it('gives the same messages whatever the chunking, down to one character', () => {
    const whole = new SseParser().push(JOB_STREAM);
    for (const size of [1, 2, 3, 7, 16]) expect(parseInChunks(JOB_STREAM, size)).toEqual(whole);
  });

  it('accepts CRLF and lone CR line endings, including a CRLF split across chunks', () => {
    const crlf = 'event: job\r\ndata: a\r\n\r\n';
    expect(parseInChunks(crlf, 1)).toEqual([{ event: 'job', data: 'a', id: null }]);
    const parser = new SseParser();
    // "\r" ends one chunk and "\n" starts the next: one line ending, not two.
    expect(parser.push('data: x\r')).toEqual([]);
    expect(parser.push('\ndata: y\r\n\r\n')).toEqual([
      { event: 'message', data: 'x\ny', id: null },
    ]);
    expect(new SseParser().push('data: z\r\r')).toEqual([
      { event: 'message', data: 'z', id: null },
    ]);
  });

  it('joins multi-line data, strips one leading space only, defaults the type to "message"', () => {
    const messages = new SseParser().push('data:  two spaces\ndata:none\ndata\n\n');
    expect(messages).toEqual([{ event: 'message', data: ' two spaces\nnone\n', id: null }]);
  });

  it('keeps the last id, reads retry, ignores unknown fields and events without data', () => {
    const parser = new SseParser();
    const messages = parser.push(
      'id: 7\nretry: 2500\nfoo: bar\nevent: job\n\n' + 'data: after\n\n' + 'retry: soon\n\n',
    );
    expect(messages).toEqual([{ event: 'message', data: 'after', id: '7' }]);
    expect(parser.retryMs).toBe(2500);
  });

  it('waits for the blank line and drops an unfinished event at end()', () => {
    const parser = new SseParser();
    expect(parser.push('event: job\ndata: {"partial":')).toEqual([]);
    expect(parser.push('true}\n')).toEqual([]);
    parser.end();
    expect(parser.push('data: next\n\n')).toEqual([{ event: 'message', data: 'next', id: null }]);
  });

  it('strips a byte-order mark at the start of the stream', () => {
    expect(new SseParser().push('\uFEFFdata: x\n\n')).toEqual([
      { event: 'message', data: 'x', id: null },
    ]);
  });
});
