/**
 * Note-level transcription scores (the mir_eval "onset only" measure): an estimated note
 * matches a reference note of the same pitch whose onset is within the tolerance (50 ms by
 * default), each note matching at most once; offsets are ignored. Per pitch, points on a line
 * matched greedily in onset order give a maximum matching, so this equals the bipartite optimum.
 */

export interface ScoredNote {
  pitch: number;
  onset: number;
}

export interface NoteScores {
  precision: number;
  recall: number;
  f1: number;
  matched: number;
  reference: number;
  estimated: number;
}

export function matchNotes(
  reference: readonly ScoredNote[],
  estimated: readonly ScoredNote[],
  toleranceSeconds = 0.05,
): NoteScores {
  const byPitch = (notes: readonly ScoredNote[]) => {
    const map = new Map<number, number[]>();
    for (const n of notes) {
      const list = map.get(n.pitch) ?? [];
      list.push(n.onset);
      map.set(n.pitch, list);
    }
    for (const list of map.values()) list.sort((a, b) => a - b);
    return map;
  };
  const refs = byPitch(reference);
  const ests = byPitch(estimated);
  let matched = 0;
  for (const [pitch, r] of refs) {
    const e = ests.get(pitch);
    if (!e) continue;
    let i = 0;
    let j = 0;
    while (i < r.length && j < e.length) {
      const d = e[j]! - r[i]!;
      if (Math.abs(d) <= toleranceSeconds) {
        matched++;
        i++;
        j++;
      } else if (d < 0) j++;
      else i++;
    }
  }
  const precision = estimated.length === 0 ? 0 : matched / estimated.length;
  const recall = reference.length === 0 ? 0 : matched / reference.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    precision,
    recall,
    f1,
    matched,
    reference: reference.length,
    estimated: estimated.length,
  };
}
