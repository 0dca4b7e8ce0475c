/**
 * Who is on stage: the characters the narration mentioned or who spoke recently, and how a
 * pronoun or a descriptor in a reporting clause resolves against them (context pass, rule 8:
 * "speakers only when confident").
 *
 * - "he"/"she" (il/elle, lui/lei, él/ella, он/она …): the one character of that gender named as
 *   a sentence's subject in the paragraph's narration before the clause (or by an earlier clause
 *   of the paragraph); else the one person who may be of that gender that this narration names in
 *   any role (for a quote opening its paragraph: the narration paragraph right before), when it
 *   brings on nobody unnamed of that gender; else, for a quote opening its paragraph, the
 *   character of that gender named as the subject of the last sentence of the narration paragraph
 *   right before ("John Linden looked from one to the other." then "“Yes,” he said"); else the
 *   most salient character on stage who may be of that gender, when it is DOMINANCE times as
 *   salient as the next and is no unnamed person ("the old man"); never
 *   the speaker of the turn before, one the line addresses, or, after "replied", the last to
 *   speak. Salience: every mention adds (a subject or a speaker twice) and fades per paragraph.
 * - "I said": the first-person narrator, who reads in the narrator's voice.
 * - descriptors: see descriptors.ts; a title noun with several bearers picks the one on stage.
 */
import { parseName, type Character, type CharacterIndex, type Gender } from './characters.ts';
import { definiteHead, kinOf, kinship, titledCharacters, type Apposition } from './descriptors.ts';
import { KIN_WORDS } from './kin-ties.ts';
import type { Lexicon } from './lexicon.ts';
import type { Mention } from './utterances.ts';

/** The first-person narrator: lines that are theirs stay in the narrator's voice. */
export const NARRATOR: Character = { name: '', forms: [], gender: null, fixed: false };

/** Salience left after one paragraph, and the least that still counts as on stage. */
const FADE = 0.6;
const ON_STAGE = 0.05;
/** How much more salient than the next a pronoun's referent must be. */
const DOMINANCE = 5;

export type Resolution =
  | { kind: 'speaker'; speaker: Character }
  /** Unresolved, but the clause says the speaker's gender (a constraint for turn-taking). */
  | { kind: 'open'; gender: Gender | null; phrase: string | null }
  /** Someone we cannot place speaks (two names, "a voice", "Elizabeth's mother"). */
  | { kind: 'other' };

/** What the resolver knows around one clause. */
export interface ClauseContext {
  paragraph: number;
  /** Characters the paragraph's narration names before the clause, in order. */
  local: Character[];
  /** Characters the paragraph's speech addresses: never its speaker, often "him"/"her". */
  addressed: Character[];
  /** The speaker of the turn before, when this paragraph starts a new turn. */
  exclude: Character | null;
  /**
   * Everyone the narration right before the clause names, in any role ("A scare shot through
   * Tom. So he said:"), and the genders of the unnamed people it brings on ("the old man"): the
   * paragraph's narration before the clause, or, for a quote opening its paragraph, the narration
   * paragraph right before it. `last`: the character named as the subject of that narration's
   * last sentence ("John Linden looked from one to the other."), when it has one.
   */
  near?: { named: Character[]; unnamed: Gender[]; last?: Character | null };
}

export class Scene {
  /** Salience: each mention adds to it (a subject or a speaker twice), and it fades per paragraph. */
  private salience = new Map<Character, number>();
  private at = 0;
  /** Characters that act as people: speakers, sentence subjects, addressees. */
  private persons = new Set<Character>();
  /** Definite descriptions the book has tied to a character ("lawyer" → Utterson). */
  private described = new Map<string, Set<Character>>();
  /** Descriptions learned from turn-taking in an earlier round ("his wife" → Mrs. Bennet). */
  learned = new Map<string, Character>();

  constructor(
    private readonly index: CharacterIndex,
    private readonly lex: Lexicon,
  ) {}

  /** Stand-ins for the unnamed people of each gender ("the old man"): never a speaker. */
  private readonly unnamed: Record<Gender, Character> = {
    male: { name: '', forms: [], gender: 'male', fixed: false },
    female: { name: '', forms: [], gender: 'female', fixed: false },
  };

  reset(): void {
    this.salience.clear();
  }

  /** An unnamed person of that gender in the narration ("the old man"). */
  seeUnnamed(gender: Gender, paragraph: number): void {
    this.see(this.unnamed[gender], paragraph);
    this.persons.add(this.unnamed[gender]);
  }

  private advance(paragraph: number): void {
    if (paragraph <= this.at) return;
    const factor = FADE ** (paragraph - this.at);
    for (const [c, v] of this.salience) {
      const next = v * factor;
      if (next < ON_STAGE) this.salience.delete(c);
      else this.salience.set(c, next);
    }
    this.at = paragraph;
  }

  /** A mention in the narration; `person`: as a sentence's subject or an addressee. */
  see(character: Character, paragraph: number, person = false): void {
    if (character === NARRATOR) return;
    this.advance(paragraph);
    this.salience.set(character, (this.salience.get(character) ?? 0) + (person ? 2 : 1));
    if (person) this.persons.add(character);
  }

  spoken(character: Character, paragraph: number): void {
    this.see(character, paragraph, true);
  }

  describe(appositions: Apposition[]): void {
    for (const { head, character } of appositions) {
      const set = this.described.get(head) ?? new Set<Character>();
      set.add(character);
      this.described.set(head, set);
    }
  }

  genderOfWord(word: string): Gender | null {
    if (this.lex.male.has(word)) return 'male';
    if (this.lex.female.has(word)) return 'female';
    return null;
  }

  /**
   * The people on stage, most salient first, with their salience: named characters and the
   * stand-ins for unnamed people (empty name), never the narrator.
   */
  people(paragraph: number): { character: Character; salience: number }[] {
    this.advance(paragraph);
    return [...this.salience]
      .filter(([c]) => this.persons.has(c))
      .sort((a, b) => b[1] - a[1])
      .map(([character, salience]) => ({ character, salience }));
  }

  private onStage(paragraph: number): Character[] {
    this.advance(paragraph);
    return [...this.salience.keys()];
  }

  /**
   * A pronoun: the one same-gender character named as a subject in the paragraph's narration
   * before the clause; else the most salient character on stage who may be of that gender
   * (known to be, or a person of unknown gender), other than the speaker before and those
   * addressed, when it is of that gender and at least twice as salient as the next.
   */
  pronoun(word: string, ctx: ClauseContext): Character | null {
    const gender = this.genderOfWord(word);
    if (gender === null) return null;
    const local = ctx.local.filter((c) => !ctx.addressed.includes(c));
    const here = new Set(local.filter((c) => c.gender === gender));
    if (here.size === 1) return [...here][0] as Character;
    if (here.size > 1) return null;
    const near = this.nearby(gender, ctx) ?? this.lastSubject(gender, ctx);
    if (near !== null) return near;
    this.advance(ctx.paragraph);
    const ranked = [...this.salience]
      .filter(
        ([c]) =>
          c !== ctx.exclude &&
          !ctx.addressed.includes(c) &&
          (c.gender === gender || (c.gender === null && this.persons.has(c))),
      )
      .sort((a, b) => b[1] - a[1]);
    const [top, next] = ranked;
    // An unnamed person ("the old man") may be the one meant: no name then.
    if (top === undefined || top[0].gender !== gender || top[0].name === '') return null;
    return next === undefined || top[1] >= DOMINANCE * next[1] ? top[0] : null;
  }

  /**
   * The one person the narration right before the clause names who may be of the pronoun's
   * gender (known to be, or of a gender the book does not tell), when that narration brings on
   * nobody unnamed of that gender: "A scare shot through Tom. He searched Aunt Polly's face, but
   * it told him nothing. So he said:" is Tom's.
   */
  private nearby(gender: Gender, ctx: ClauseContext): Character | null {
    if (ctx.near === undefined || ctx.near.unnamed.includes(gender)) return null;
    const fits = new Set(
      ctx.near.named.filter(
        (c) => (c.gender === gender || c.gender === null) && !ctx.addressed.includes(c),
      ),
    );
    return fits.size === 1 ? ([...fits][0] as Character) : null;
  }

  /**
   * The subject of the sentence right before the clause's paragraph, when the narration around it
   * names several people: "Curtis detected it, and his face darkened. John Linden looked from one
   * to the other." then "“Yes,” he said" is John Linden's. Only a character the book says is of
   * the pronoun's gender, never one the line addresses or the speaker of the turn before.
   */
  private lastSubject(gender: Gender, ctx: ClauseContext): Character | null {
    const last = ctx.near?.last ?? null;
    if (last === null || last.gender !== gender) return null;
    if (ctx.addressed.includes(last) || last === ctx.exclude) return null;
    return last;
  }

  /** "his"/"her" of a kinship phrase: often the one addressed ("said his lady to him"). */
  private possessor(word: string, ctx: ClauseContext): Character | null {
    const gender = this.genderOfWord(word);
    const addressed = new Set(ctx.addressed.filter((c) => c.gender === gender));
    if (addressed.size === 1) return [...addressed][0] as Character;
    return this.pronoun(word, { ...ctx, exclude: null });
  }

  descriptor(phrase: string, ctx: ClauseContext): Character | null {
    const kin = kinship(phrase);
    if (kin !== null) {
      const possessor = this.possessor(kin.possessor, ctx);
      const found = possessor === null ? null : kinOf(possessor, kin.kin, this.index, this.lex);
      if (found !== null) return found;
      // No surname to go by: the one Mrs. (for a wife, a mother) or Mr. on stage.
      const title = kin.kin === 'husband' || kin.kin === 'father' ? 'mr' : 'mrs';
      const titled = this.onStage(ctx.paragraph).filter(
        (c) =>
          c !== possessor && c.forms.some((f) => parseName(f, this.lex).titles.includes(title)),
      );
      if (titled.length === 1 && titled[0] !== ctx.exclude) return titled[0] as Character;
    }
    // "said his uncle": the one uncle the book names ("Uncle John"), kin-ties.ts.
    const kinWord = /^(?:his|her)\s+(\p{L}+)$/u.exec(phrase)?.[1];
    if (kinWord !== undefined && KIN_WORDS.has(kinWord)) {
      const tied = this.index.of(kinWord);
      if (tied !== undefined && !ctx.addressed.includes(tied)) return tied;
    }
    const head = definiteHead(phrase, this.lex);
    if (head !== null) {
      const described = this.described.get(head);
      if (described?.size === 1) return [...described][0] as Character;
      const titled = titledCharacters(head.split(' ').pop() ?? '', this.index, this.lex);
      const stage = new Set(this.onStage(ctx.paragraph));
      const present = titled.length > 1 ? titled.filter((c) => stage.has(c)) : titled;
      if (present.length === 1 && present[0] !== ctx.exclude) return present[0] as Character;
    }
    return this.learned.get(phrase) ?? null;
  }

  resolve(mention: Mention, ctx: ClauseContext): Resolution {
    if (mention.kind === 'name') {
      const character = this.index.of(mention.name);
      return character === undefined ? { kind: 'other' } : { kind: 'speaker', speaker: character };
    }
    if (mention.kind === 'pronoun') {
      if (mention.firstPerson) return { kind: 'speaker', speaker: NARRATOR };
      const found = this.pronoun(mention.word, ctx);
      if (found !== null) return { kind: 'speaker', speaker: found };
      const gender = this.genderOfWord(mention.word);
      // "they", "one", "who": not one person we could follow.
      return gender === null ? { kind: 'other' } : { kind: 'open', gender, phrase: null };
    }
    if (mention.kind === 'descriptor') {
      const found = this.descriptor(mention.phrase, ctx);
      if (found !== null) return { kind: 'speaker', speaker: found };
      // "the lawyer", "his wife": someone of the scene, perhaps; "a voice", "one of them": not.
      const definite = /^(the|his|her|their|il|la|le|lo|l'|l’|el|o|a)\s/u.test(mention.phrase);
      if (!definite) return { kind: 'other' };
      const last = mention.phrase.split(' ').pop() ?? '';
      return { kind: 'open', gender: this.genderOfWord(last), phrase: mention.phrase };
    }
    return { kind: 'other' };
  }
}
