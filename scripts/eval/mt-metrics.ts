/**
 * Corpus chrF (character 6-grams, β = 2, whitespace removed; Popović 2015) and BLEU (4-grams,
 * brevity penalty, WMT "13a"-style tokenisation of punctuation) as sacreBLEU computes them with
 * its defaults, so figures compare with published ones (mt-metrics.test.ts checks both against
 * sacreBLEU 2.6 on the same sentences).
 */

function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join('\u0001');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function matches(hyp: Map<string, number>, ref: Map<string, number>): number {
  let m = 0;
  for (const [k, c] of hyp) m += Math.min(c, ref.get(k) ?? 0);
  return m;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

export function corpusChrf(
  hyps: readonly string[],
  refs: readonly string[],
  order = 6,
  beta = 2,
): number {
  const stats = Array.from({ length: order }, () => ({ m: 0, h: 0, r: 0 }));
  hyps.forEach((hyp, i) => {
    const h = [...hyp.replace(/\s+/g, '')];
    const r = [...(refs[i] ?? '').replace(/\s+/g, '')];
    for (let n = 1; n <= order; n++) {
      const hn = ngrams(h, n);
      const rn = ngrams(r, n);
      const s = stats[n - 1];
      if (!s) continue;
      s.m += matches(hn, rn);
      s.h += sum(hn);
      s.r += sum(rn);
    }
  });
  let p = 0;
  let rc = 0;
  let used = 0;
  for (const s of stats) {
    if (s.h > 0 && s.r > 0) {
      p += s.m / s.h;
      rc += s.m / s.r;
      used++;
    }
  }
  if (used === 0) return 0;
  p /= used;
  rc /= used;
  if (p + rc === 0) return 0;
  return (100 * (1 + beta ** 2) * p * rc) / (beta ** 2 * p + rc);
}

/** sacreBLEU's 13a tokeniser (the punctuation rules of mteval-v13a). */
function tokenize13a(text: string): string[] {
  let t = ` ${text} `;
  t = t.replace(/([{-~[-` -&(-+:-@/])/g, ' $1 ');
  t = t.replace(/([^0-9])([.,])/g, '$1 $2 ');
  t = t.replace(/([.,])([^0-9])/g, ' $1 $2');
  t = t.replace(/([0-9])(-)/g, '$1 $2 ');
  return t.split(/\s+/).filter(Boolean);
}

export function corpusBleu(hyps: readonly string[], refs: readonly string[]): number {
  const m = [0, 0, 0, 0];
  const t = [0, 0, 0, 0];
  let hypLen = 0;
  let refLen = 0;
  hyps.forEach((hyp, i) => {
    const h = tokenize13a(hyp);
    const r = tokenize13a(refs[i] ?? '');
    hypLen += h.length;
    refLen += r.length;
    for (let n = 1; n <= 4; n++) {
      const hn = ngrams(h, n);
      m[n - 1] = (m[n - 1] ?? 0) + matches(hn, ngrams(r, n));
      t[n - 1] = (t[n - 1] ?? 0) + Math.max(0, h.length - n + 1);
    }
  });
  if (hypLen === 0 || m.some((v) => v === 0)) return 0;
  const logPrecision = m.reduce((acc, v, i) => acc + Math.log(v / (t[i] ?? 1)), 0) / 4;
  const bp = hypLen < refLen ? Math.exp(1 - refLen / hypLen) : 1;
  return 100 * bp * Math.exp(logPrecision);
}
