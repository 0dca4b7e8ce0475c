/**
 * Paragraph rows for the speakers tests: ids p0, p1, …, none assigned, locked or cleared; a line
 * given as an object overrides those fields (`{ text, locked: true }`).
 */
import type { ContextParagraph } from '../context-pass.ts';

export type TestLine = string | (Partial<ContextParagraph> & { text: string });

export function testParagraphs(lines: readonly TestLine[]): ContextParagraph[] {
  return lines.map((line, i) => ({
    id: `p${i}`,
    character_name: null,
    locked: false,
    speaker_cleared: false,
    ...(typeof line === 'string' ? { text: line } : line),
  }));
}
