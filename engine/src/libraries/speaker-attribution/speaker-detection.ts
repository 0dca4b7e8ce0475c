/**
 * The instant (heuristic) speaker pass, `POST .../cast/detect?method=heuristic`
 * (spec "Character voices (cast)", rules 6 and 7). Pure: paragraphs in, attributions out.
 *
 * Rule 6, clause by clause:
 * - "clearly speech": speech-spans.ts (guillemets, curly/straight/German quotes, em dash);
 * - "a reporting verb next to a name": reporting-clauses.ts reads the clause beside each quote,
 *   name-phrases.ts its verb and subject (word lists in lexicon.ts); speech-cues.ts finds what
 *   puts a line in doubt (someone else made to speak, an action beat) and whom a line addresses;
 * - "a narration paragraph ending in a colon naming the next speaker": the colon subject of a
 *   narration paragraph names the speech paragraph right after it;
 * - "turn-taking in a two-person exchange": turn-taking.ts, over runs of consecutive speech
 *   paragraphs; a paragraph that leaves its quote open and the next one that reopens it are
 *   one turn (the usual multi-paragraph speech convention);
 * - "at least 60 percent of its words are speech": isMostlySpeech, checked per paragraph;
 * - "when in doubt the line stays with the narrator": two names, a name beside an unnamed
 *   subject, a name beside a verb we cannot read, another speaker in the narration, an aside in
 *   parentheses, two quotes with nothing between them, or a parity clash all leave the line
 *   unattributed (and stop turn-taking there).
 * Rule 7: only paragraphs with no name, not locked and not cleared are attributed; names already
 * set are used as known speakers; cleared and locked unnamed paragraphs end an exchange.
 */
import { lexiconFor, type Lexicon } from './lexicon.ts';
import { mentionsName, nameKey, sameSpeaker } from './names.ts';
import { analyseParagraph, isMostlySpeech, type ParagraphAnalysis } from './paragraph-analysis.ts';
import type { Subject } from './reporting-clauses.ts';
import { alternate, type TurnEvidence } from './turn-taking.ts';

export interface ParagraphForDetection {
  id: string;
  text: string;
  character_name: string | null;
  locked: boolean;
  /** the caller cleared the speaker on purpose: stays narrator */
  speaker_cleared: boolean;
}

export interface DetectionResult {
  /** paragraph id → character name, ONLY for paragraphs with no name, not locked, not cleared */
  attributions: Map<string, string>;
  /** The distinct names attributed by this pass, in order of first appearance. */
  characters: string[];
}

interface Info {
  paragraph: ParagraphForDetection;
  preset: string | null;
  fillable: boolean;
  analysis: ParagraphAnalysis;
}

/** Which clause of rule 6 gave a paragraph its speaker (for evals and explanations). */
export type AttributionSource = 'reporting-clause' | 'colon' | 'continuation' | 'turn-taking';

interface Turn {
  members: number[];
  /** Members named by their own reporting clause or by the colon line before them. */
  namedBy: Map<number, 'reporting-clause' | 'colon'>;
  names: string[];
  unnamedOther: boolean;
  unnamedPronoun: boolean;
  /** An "I said" clause: the first-person narrator takes part. */
  firstPerson: boolean;
  presets: string[];
  /** Names the narration of the turn makes speak, clause or not. */
  narrationSpeakers: string[];
}

function addSubject(turn: Turn, subject: Subject): void {
  if (subject.kind === 'named') turn.names.push(subject.name);
  else if (subject.pronoun) {
    turn.unnamedPronoun = true;
    if (subject.firstPerson === true) turn.firstPerson = true;
  } else turn.unnamedOther = true;
}

function distinctNames(names: string[], lex: Lexicon): string[] {
  return names.reduce<string[]>((acc, n) => {
    if (!acc.some((a) => nameKey(a) === nameKey(n) || sameSpeaker(a, n, lex))) acc.push(n);
    return acc;
  }, []);
}

function evidence(turn: Turn, lex: Lexicon): TurnEvidence {
  const distinct = (names: string[]) => distinctNames(names, lex);
  const presets = distinct(turn.presets);
  if (presets.length === 1) return { kind: 'named', name: presets[0] as string };
  if (presets.length > 1) return { kind: 'stop' };
  const names = distinct(turn.names);
  if (names.length > 1) return { kind: 'stop' };
  // The narration makes someone else speak (`…so eagerly that the Gryphon said`): in doubt.
  const others = turn.narrationSpeakers.filter((n) => !names.some((m) => sameSpeaker(m, n, lex)));
  if (others.length > 0) return { kind: 'stop' };
  if (names.length === 1) {
    return turn.unnamedOther ? { kind: 'stop' } : { kind: 'named', name: names[0] as string };
  }
  return turn.unnamedOther || turn.unnamedPronoun ? { kind: 'stop' } : { kind: 'unknown' };
}

/**
 * Rule 6 speaks of a two-person exchange: a run where three or more take part is not one. The
 * participants are the names the run gives, plus a first-person narrator who says "I said".
 */
function isTwoPersonExchange(run: Turn[], evidences: TurnEvidence[], lex: Lexicon): boolean {
  const names: string[] = [];
  for (const e of evidences) {
    if (e.kind !== 'named' || names.some((n) => sameSpeaker(n, e.name, lex))) continue;
    names.push(e.name);
  }
  const narrator = run.some((turn) => turn.firstPerson) ? 1 : 0;
  return names.length + narrator <= 2;
}

/** Splits the book into runs of dialogue turns; narration paragraphs end a run. */
function buildRuns(infos: Info[]): Turn[][] {
  const runs: Turn[][] = [];
  let run: Turn[] = [];
  let colonName: Subject | null = null;
  let previousInRun = false;
  infos.forEach((info, i) => {
    const { analysis, paragraph } = info;
    const opaque = paragraph.speaker_cleared || (paragraph.locked && info.preset === null);
    const inRun = !opaque && (info.preset !== null || analysis.speechWords > 0);
    if (!inRun) {
      if (run.length > 0) runs.push(run);
      run = [];
      previousInRun = false;
      // "She said:" introduces someone we cannot name: that, too, is passed on (as a stop).
      colonName = opaque ? null : analysis.colonSubject;
      return;
    }
    const previous = infos[i - 1];
    const continues =
      previousInRun && previous?.analysis.endsOpen === true && analysis.startsWithSpeech;
    let turn = run[run.length - 1];
    if (!continues || turn === undefined) {
      turn = {
        members: [],
        namedBy: new Map(),
        names: [],
        unnamedOther: false,
        unnamedPronoun: false,
        firstPerson: false,
        presets: [],
        narrationSpeakers: [],
      };
      run.push(turn);
    }
    turn.members.push(i);
    if (info.preset !== null) turn.presets.push(info.preset);
    turn.narrationSpeakers.push(...analysis.narrationSpeakers);
    for (const subject of analysis.subjects) {
      addSubject(turn, subject);
      if (subject.kind === 'named') turn.namedBy.set(i, 'reporting-clause');
    }
    if (colonName !== null && turn.names.length === 0) {
      addSubject(turn, colonName);
      if (colonName.kind === 'named') turn.namedBy.set(i, 'colon');
    }
    colonName = null;
    previousInRun = true;
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

export function detectSpeakers(
  paragraphs: ParagraphForDetection[],
  opts: { language: string },
): DetectionResult {
  const { attributions, characters } = detectSpeakersExplained(paragraphs, opts);
  return { attributions, characters };
}

/** detectSpeakers, plus which clause of rule 6 gave each attribution. */
export function detectSpeakersExplained(
  paragraphs: ParagraphForDetection[],
  opts: { language: string },
): DetectionResult & { sources: Map<string, AttributionSource> } {
  const lex = lexiconFor(opts.language);
  const infos: Info[] = paragraphs.map((paragraph) => {
    const preset = paragraph.character_name?.trim() ? paragraph.character_name.trim() : null;
    return {
      paragraph,
      preset,
      fillable: preset === null && !paragraph.locked && !paragraph.speaker_cleared,
      analysis: analyseParagraph(paragraph.text, lex),
    };
  });
  const attributions = new Map<string, string>();
  const characters: string[] = [];
  const seen = new Set<string>();
  const sources = new Map<string, AttributionSource>();
  const give = (index: number, name: string, source: AttributionSource) => {
    const info = infos[index];
    if (info === undefined || !info.fillable || !isMostlySpeech(info.analysis)) return;
    attributions.set(info.paragraph.id, name);
    sources.set(info.paragraph.id, source);
    if (!seen.has(nameKey(name))) {
      seen.add(nameKey(name));
      characters.push(name);
    }
  };
  const runs = buildRuns(infos);
  // Speakers the book names somewhere: only they count as someone a line addresses.
  const known = distinctNames(
    runs.flatMap((run) => run.flatMap((turn) => [...turn.names, ...turn.presets])),
    lex,
  );
  for (const run of runs) {
    const evidences = run.map((turn) => evidence(turn, lex));
    const speechOf = (k: number) => (run[k]?.members ?? []).map((i) => infos[i]?.analysis);
    const isKnown = (name: string) => known.some((n) => sameSpeaker(n, name, lex));
    const inferred = isTwoPersonExchange(run, evidences, lex)
      ? alternate(evidences, {
          same: (a, b) => sameSpeaker(a, b, lex),
          rejects: (k, speaker, listener) =>
            speechOf(k).some(
              (a) =>
                a !== undefined &&
                (mentionsName(a.speech, speaker, lex) ||
                  a.addressed.some((n) => isKnown(n) && !sameSpeaker(n, listener, lex))),
            ),
        })
      : run.map(() => null);
    run.forEach((turn, k) => {
      const e = evidences[k];
      if (e?.kind === 'named') {
        for (const i of turn.members) give(i, e.name, turn.namedBy.get(i) ?? 'continuation');
        return;
      }
      const name = inferred[k];
      if (name === null || name === undefined) return;
      for (const i of turn.members) give(i, name, 'turn-taking');
    });
  }
  return { attributions, characters, sources };
}
