/**
 * Cutting a book into the passages one language-model call reads (the model pass, model-lines.ts):
 * consecutive paragraphs of one chapter, as many as fit the call's budget of prompt tokens with
 * the answer's tokens reserved, and at most MAX_LINES quotations to decide. A passage opens with
 * up to CONTEXT_PARAGRAPHS earlier paragraphs of its chapter, shown but not decided, so a
 * conversation cut between two calls keeps its thread. A paragraph too long for any call on its
 * own is left to the rules (listed in `skipped`).
 */

/** Quotations decided per call: small models lose track in longer lists. */
export const MAX_LINES = 40;
/** Earlier paragraphs shown before a passage, for who is on stage and whose turn it is. */
export const CONTEXT_PARAGRAPHS = 2;

export interface WindowParagraph {
  /** Tokens of the paragraph's text as the prompt shows it. */
  tokens: number;
  /** Quotations in it to decide. */
  lines: number;
  /** Passages never cross chapters (a new chapter is a new scene). */
  chapter: string | null;
}

export interface ModelWindow {
  /** Paragraph indexes shown for context only. */
  context: number[];
  /** Paragraph indexes whose quotations are decided in this call. */
  decide: number[];
  /** Prompt tokens of the passage (context and decided paragraphs). */
  passageTokens: number;
  lines: number;
}

export interface WindowBudget {
  /** Prompt tokens left for the passage once the instructions are counted. */
  passageTokens: number;
  /** Answer tokens one quotation needs. */
  tokensPerLine: number;
  /** Answer tokens the call may write at most (the context left after the prompt). */
  contextTokens: number;
  /** Prompt tokens besides the passage (system, instructions, character list). */
  fixedTokens: number;
}

/** The passages for `paragraphs`; only those with lines (and `wanted`) are decided. */
export function modelWindows(
  paragraphs: WindowParagraph[],
  budget: WindowBudget,
  wanted: (index: number) => boolean = () => true,
): { windows: ModelWindow[]; skipped: number[] } {
  const windows: ModelWindow[] = [];
  const skipped: number[] = [];
  const fits = (passage: number, lines: number) =>
    passage <= budget.passageTokens &&
    budget.fixedTokens + passage + lines * budget.tokensPerLine + 16 <= budget.contextTokens &&
    lines <= MAX_LINES;
  let current: ModelWindow | null = null;
  const close = () => {
    if (current && current.decide.length > 0) windows.push(current);
    current = null;
  };
  const open = (index: number): ModelWindow => {
    const context: number[] = [];
    let tokens = 0;
    for (let k = index - 1; k >= 0 && context.length < CONTEXT_PARAGRAPHS; k -= 1) {
      const p = paragraphs[k];
      if (!p || p.chapter !== paragraphs[index]?.chapter) break;
      if (
        !fits(tokens + p.tokens + (paragraphs[index]?.tokens ?? 0), paragraphs[index]?.lines ?? 0)
      )
        break;
      context.unshift(k);
      tokens += p.tokens;
    }
    return { context, decide: [], passageTokens: tokens, lines: 0 };
  };
  paragraphs.forEach((p, index) => {
    if (p.lines === 0 || !wanted(index)) return;
    if (current && paragraphs[current.decide[0] ?? 0]?.chapter !== p.chapter) close();
    // Paragraphs between the last decided one and this one are shown too (narration between
    // quotations says who moved or spoke).
    const last = current?.decide[current.decide.length - 1];
    const between = last === undefined ? [] : range(last + 1, index);
    const betweenTokens = between.reduce((sum, k) => sum + (paragraphs[k]?.tokens ?? 0), 0);
    if (current && !fits(current.passageTokens + betweenTokens + p.tokens, current.lines + p.lines))
      close();
    if (!current) {
      current = open(index);
      if (!fits(current.passageTokens + p.tokens, p.lines)) {
        current = { context: [], decide: [], passageTokens: 0, lines: 0 };
        if (!fits(p.tokens, p.lines)) {
          skipped.push(index);
          current = null;
          return;
        }
      }
    } else {
      current.context.push(...between);
      current.passageTokens += betweenTokens;
    }
    current.decide.push(index);
    current.passageTokens += p.tokens;
    current.lines += p.lines;
  });
  close();
  return { windows, skipped };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = from; k < to; k += 1) out.push(k);
  return out;
}
