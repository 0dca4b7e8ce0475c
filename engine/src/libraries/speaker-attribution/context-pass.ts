/**
 * The context-reading pass without a language model (spec "Character voices (cast)", rule 8, and
 * the line split of rule 10). Pure: paragraphs in, a reading of the book out:
 *
 * - every paragraph cut into narration and dialogue lines (utterances.ts), each dialogue line
 *   with its speaker, or none when the pass is not confident ("when in doubt the line stays
 *   with the narrator");
 * - the characters, with the name variants merged as aliases (characters.ts); aliases the caller
 *   set are kept as given and never proposed again;
 * - for callers that do not split, a speaker per paragraph: the one speaker of all its dialogue
 *   lines, given only when at least 60 percent of its words are speech (rule 6's share).
 *
 * How speakers are found: reporting clauses with names, pronouns and descriptors resolved
 * against the scene (scene.ts, descriptors.ts), colon lines, action beats, then vocatives and
 * turn-taking (conversation.ts). Descriptors that turn-taking ties to one character at least
 * twice, and never to another, are learned and the book is read a second time with them.
 */
import type { CastAlias } from './aliases.ts';
import {
  buildCharacters,
  parseName,
  titleGender,
  type Character,
  type Gender,
  type NameForm,
} from './characters.ts';
import { takeTurns } from './conversation.ts';
import { lexiconFor, type Lexicon } from './lexicon.ts';
import { tieKinWords, withKinTies } from './kin-ties.ts';
import { GenderVotes, nameMentions } from './mentions.ts';
import { nameKey } from './names.ts';
import { locativeMention } from './places.ts';
import { SPEECH_SHARE } from './paragraph-analysis.ts';
import { NARRATOR, Scene } from './scene.ts';
import { namesAtSentenceStarts } from './sentence-start-names.ts';
import type { ParagraphForDetection } from './speaker-detection.ts';
import { readTurns, type BookParagraph, type QuoteSpeaker, type Turn, type Via } from './turns.ts';
import { readParagraph, type ParagraphReading } from './utterances.ts';

export interface ContextParagraph extends ParagraphForDetection {
  /** Paragraphs of another chapter start a new scene. */
  chapter_id?: string;
  /**
   * Front or back matter (title page, credits, colophon): the names it mentions are the book's
   * makers, not its characters, so they are not gathered from it.
   */
  matter?: boolean;
}

export interface CastLine {
  text: string;
  /** UTF-16 offsets of `text` in the paragraph. */
  start: number;
  end: number;
  kind: 'narration' | 'dialogue';
  speaker: string | null;
  /** A short performance direction from the reporting verb ("whispered"), or ''. */
  direction: string;
  /** What gave the speaker (for evals and explanations); null for narration. */
  via: Via | null;
}

export interface ParagraphCast {
  id: string;
  /** The paragraph's one speaker when it is mostly speech (rule 6's share), else null. */
  speaker: string | null;
  lines: CastLine[];
}

export interface CastCharacter {
  name: string;
  /** Other names the book gives this character (never the caller's aliases). */
  aliases: string[];
  gender: Gender | null;
  /** Dialogue lines given to the character. */
  lines: number;
}

export interface CastReading {
  paragraphs: ParagraphCast[];
  characters: CastCharacter[];
  /** Name variants to merge (rule 8), none of them touching an alias the caller set. */
  aliases: CastAlias[];
}

interface Gathered {
  forms: NameForm[];
  isKnown: (name: string) => boolean;
  votes: GenderVotes;
}

export function gatherNames(
  readings: ParagraphReading[],
  presets: (string | null)[],
  lex: Lexicon,
  book: { matter?: readonly boolean[]; bookPeople?: readonly string[] } = {},
) {
  const forms: NameForm[] = [];
  const notCharacter = makersOf(book.bookPeople ?? []);
  const add = (name: string, spoken: boolean, person = false, place = false) => {
    if (notCharacter(name)) return;
    forms.push({
      name,
      spoken: spoken ? 1 : 0,
      seen: 1,
      ...(person && { person }),
      ...(place && { place: 1 }),
    });
  };
  readings.forEach((r, i) => {
    const preset = presets[i];
    if (preset) add(preset, true);
    for (const q of r.quotes) {
      for (const m of [q.after, q.before]) if (m?.kind === 'name') add(m.name, true);
    }
    if (r.colon?.kind === 'name') add(r.colon.name, true);
  });
  const knownWords = new Set(forms.flatMap((f) => nameKey(f.name).split(/[\s.]+/)));
  // Given names the book only brings on at sentence starts ("William appeared at noon."): they
  // name people, so their first-name gender counts (characters.ts).
  const givenNames = namesAtSentenceStarts(readings, lex);
  for (const word of givenNames) knownWords.add(word);

  const isKnown = (name: string) =>
    nameKey(name)
      .split(/[\s.]+/)
      .every((w) => w === '' || knownWords.has(w));
  const votes = new GenderVotes(lex);
  readings.forEach((r, i) => {
    if (book.matter?.[i] === true) return;
    r.pieces.forEach((piece, k) => {
      if (piece.kind !== 'narration') return;
      const tokens = r.pieceTokens[k] ?? [];
      const mentions = nameMentions(tokens, lex, isKnown);
      for (const m of mentions) {
        const place = locativeMention(tokens, m.from, m.to);
        add(m.name, false, givenNames.has(nameKey(m.name)), place);
      }
      votes.read(tokens, mentions, (name) => nameKey(name));
    });
  });
  return { forms, isKnown, votes } satisfies Gathered;
}

/**
 * The book's makers are not its characters: "Jane Austen" is no alias of Jane. A form is a
 * maker's name when it is one's full name or, for a name of two words or more, its surname alone.
 */
function makersOf(people: readonly string[]): (name: string) => boolean {
  const keys = new Set<string>();
  for (const person of people) {
    const key = nameKey(person);
    if (key === '') continue;
    keys.add(key);
    const words = key.split(/\s+/);
    if (words.length >= 2) keys.add(words[words.length - 1] as string);
  }
  return (name) => keys.has(nameKey(name));
}

function learnDescriptors(runs: Turn[][]): Map<string, Character> {
  const votes = new Map<string, Map<Character, number>>();
  for (const turn of runs.flat()) {
    if (turn.phrase === null || turn.speaker === null || turn.speaker === NARRATOR) continue;
    if (turn.via !== 'turn-taking' && turn.via !== 'vocative') continue;
    const perPhrase = votes.get(turn.phrase) ?? new Map<Character, number>();
    perPhrase.set(turn.speaker, (perPhrase.get(turn.speaker) ?? 0) + 1);
    votes.set(turn.phrase, perPhrase);
  }
  const learned = new Map<string, Character>();
  for (const [phrase, perPhrase] of votes) {
    if (perPhrase.size !== 1) continue;
    const [character, n] = [...perPhrase][0] as [Character, number];
    if (n >= 2) learned.set(phrase, character);
  }
  return learned;
}

/**
 * Turn speakers (from turn-taking) onto the quotes that have none of their own, except the quotes
 * the voice withheld its speaker from (narration naming someone else came between).
 */
function speakersPerQuote(
  quotes: QuoteSpeaker[][],
  runs: Turn[][],
  readings: ParagraphReading[],
): QuoteSpeaker[][] {
  const out = quotes.map((row) => row.map((q) => ({ ...q })));
  for (const turn of runs.flat()) {
    if (turn.speaker === null) continue;
    for (const part of turn.parts) {
      const reading = readings[part.paragraph] as ParagraphReading;
      for (const k of part.quotes) {
        const q = out[part.paragraph]?.[k];
        if (q === undefined || q.speaker !== null || q.withheld || reading.quotes[k]?.aside) {
          continue;
        }
        q.speaker = turn.speaker;
        q.via = turn.via;
      }
    }
  }
  return out;
}

export function readCast(
  paragraphs: ContextParagraph[],
  opts: {
    language: string;
    aliases?: CastAlias[];
    /** The author, translator and other makers named on the title page: never characters. */
    bookPeople?: string[];
  },
): CastReading {
  const lex = lexiconFor(opts.language);
  const callerAliases = opts.aliases ?? [];
  const readings = paragraphs.map((p) => readParagraph(p.text, lex));
  const presets = paragraphs.map((p) =>
    p.character_name?.trim() ? p.character_name.trim() : null,
  );
  const gathered = gatherNames(readings, presets, lex, {
    matter: paragraphs.map((p) => p.matter === true),
    bookPeople: opts.bookPeople ?? [],
  });
  const index = buildCharacters({
    forms: gathered.forms,
    lex,
    aliases: callerAliases,
    textGender: (key) => gathered.votes.gender(key),
  });
  // "Uncle John", "Aunt Polly": a bare "uncle"/"aunt" (a vocative, "said his uncle") is theirs.
  const bookNames = [
    ...gathered.forms.map((f) => f.name),
    ...readings.flatMap((r) => r.quotes.flatMap((q) => q.vocatives)),
  ];
  const reader = withKinTies(index, tieKinWords(index, bookNames, lex));
  const book: BookParagraph[] = paragraphs.map((p, i) => ({
    reading: readings[i] as ParagraphReading,
    preset: presets[i] ?? null,
    opaque: p.speaker_cleared || (p.locked && presets[i] === null),
    chapter: p.chapter_id ?? null,
  }));
  const read = (learned: Map<string, Character>) => {
    const scene = new Scene(reader, lex);
    scene.learned = learned;
    const result = readTurns(book, reader, scene, lex, gathered.isKnown);
    takeTurns(result.runs);
    return result;
  };
  let result = read(new Map());
  const learned = learnDescriptors(result.runs);
  if (learned.size > 0) result = read(learned);
  const perQuote = speakersPerQuote(result.quotes, result.runs, readings);
  // The cast's gender (the voice it is given): a title first, then the book's own he/she over
  // the first-name list ("Sidney" may be a woman; issue 28). The reading itself keeps the
  // first-name order: on the held-out half the pronouns first lost LitBank precision and recall.
  const voiced = (c: Character): Gender | null => {
    if (c.forms.some((f) => titleGender(parseName(f, lex).titles, lex) !== null)) return c.gender;
    const heard = new Set(c.forms.map((f) => gathered.votes.gender(nameKey(f))));
    heard.delete(null);
    return heard.size === 1 ? ([...heard][0] as Gender) : c.gender;
  };
  return assemble(paragraphs, readings, perQuote, index.characters, callerAliases, voiced);
}

function assemble(
  paragraphs: ContextParagraph[],
  readings: ParagraphReading[],
  perQuote: QuoteSpeaker[][],
  characters: Character[],
  callerAliases: CastAlias[],
  voiced: (c: Character) => Gender | null,
): CastReading {
  const lineCount = new Map<Character, number>();
  const out: ParagraphCast[] = paragraphs.map((p, i) => {
    const reading = readings[i] as ParagraphReading;
    const byPiece = new Map(reading.quotes.map((q, k) => [q.piece, k]));
    const lines: CastLine[] = [];
    reading.pieces.forEach((piece, k) => {
      const raw = p.text.slice(piece.start, piece.end);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text === '') return;
      const quote = byPiece.get(k);
      const found = quote === undefined ? undefined : perQuote[i]?.[quote];
      const character = found?.speaker ?? null;
      if (character !== null && character !== NARRATOR) {
        lineCount.set(character, (lineCount.get(character) ?? 0) + 1);
      }
      lines.push({
        text,
        start: piece.start + lead,
        end: piece.start + lead + text.length,
        kind: piece.kind === 'speech' ? 'dialogue' : 'narration',
        speaker: character === null || character === NARRATOR ? null : character.name,
        direction: quote === undefined ? '' : (reading.quotes[quote]?.direction ?? ''),
        via: character === null ? null : (found?.via ?? null),
      });
    });
    const dialogue = lines.filter((l) => l.kind === 'dialogue');
    const names = new Set(dialogue.map((l) => l.speaker));
    const only = names.size === 1 ? [...names][0] : null;
    const mostly = reading.speechWords >= SPEECH_SHARE * reading.totalWords;
    return { id: p.id, speaker: mostly && only ? only : null, lines };
  });
  const callerNames = new Set(callerAliases.flatMap((a) => [nameKey(a.name), nameKey(a.alias_of)]));
  const castCharacters: CastCharacter[] = [];
  const aliases: CastAlias[] = [];
  for (const character of characters) {
    const lines = lineCount.get(character) ?? 0;
    if (lines === 0) continue;
    const variants = [...new Set(character.forms.map((f) => f.trim()))].filter(
      (f) => nameKey(f) !== nameKey(character.name),
    );
    castCharacters.push({
      name: character.name,
      aliases: variants,
      gender: voiced(character),
      lines,
    });
    for (const name of variants) {
      if (!callerNames.has(nameKey(name))) aliases.push({ name, alias_of: character.name });
    }
  }
  castCharacters.sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
  return { paragraphs: out, characters: castCharacters, aliases };
}
