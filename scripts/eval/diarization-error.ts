/**
 * Diarization error rate (NIST md-eval's definition, on 10 ms frames): missed speech, false
 * alarm and speaker confusion over the reference's speech time, after the best one-to-one
 * mapping of hypothesis speakers onto reference speakers. Frames within `collar` seconds of a
 * reference boundary are not scored (0.25 s is the usual collar). Overlapping speech counts one
 * speaker per frame on each side (the turns here do not overlap).
 */
export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

export interface DerResult {
  der: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Scored reference speech, seconds. */
  speech: number;
}

const STEP = 0.01;

function labelAt(turns: readonly Turn[], t: number): string | null {
  for (const turn of turns) if (t >= turn.start && t < turn.end) return turn.speaker;
  return null;
}

/** All one-to-one maps of hypothesis speakers onto reference speakers (small sets only). */
function* mappings(hyp: string[], ref: string[]): Generator<Map<string, string>> {
  if (hyp.length === 0) {
    yield new Map();
    return;
  }
  const [first, ...rest] = hyp as [string, ...string[]];
  for (const sub of mappings(rest, ref)) {
    yield sub; // `first` maps to nobody
    for (const r of ref) {
      if ([...sub.values()].includes(r)) continue;
      yield new Map([...sub, [first, r]]);
    }
  }
}

export function diarizationError(
  reference: readonly Turn[],
  hypothesis: readonly Turn[],
  collar = 0.25,
): DerResult {
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const boundaries = reference.flatMap((t) => [t.start, t.end]);
  const frames: { ref: string | null; hyp: string | null }[] = [];
  for (let t = STEP / 2; t < end; t += STEP) {
    if (boundaries.some((b) => Math.abs(b - t) < collar)) continue;
    frames.push({ ref: labelAt(reference, t), hyp: labelAt(hypothesis, t) });
  }
  const refSpeakers = [...new Set(reference.map((t) => t.speaker))];
  const hypSpeakers = [...new Set(hypothesis.map((t) => t.speaker))];
  if (hypSpeakers.length > 7) throw new Error('too many hypothesis speakers to map exhaustively');
  let best: DerResult | null = null;
  for (const map of mappings(hypSpeakers, refSpeakers)) {
    let missed = 0;
    let falseAlarm = 0;
    let confusion = 0;
    let speech = 0;
    for (const f of frames) {
      if (f.ref !== null) speech += STEP;
      if (f.ref !== null && f.hyp === null) missed += STEP;
      else if (f.ref === null && f.hyp !== null) falseAlarm += STEP;
      else if (f.ref !== null && f.hyp !== null && map.get(f.hyp) !== f.ref) confusion += STEP;
    }
    const der = speech > 0 ? (missed + falseAlarm + confusion) / speech : 0;
    if (best === null || der < best.der) best = { der, missed, falseAlarm, confusion, speech };
  }
  return best ?? { der: 0, missed: 0, falseAlarm: 0, confusion: 0, speech: 0 };
}
