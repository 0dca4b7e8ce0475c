/**
 * Word lists behind the speaker passes (spec "Character voices (cast)", rules 6 and 8): reporting
 * verbs, titles that may start a name, the words that can never be a speaker's name, and the
 * gendered words the context pass reads. English and Italian are the contract's languages;
 * French, German, Spanish, Portuguese and Russian are here too so that their dialogue
 * punctuation (em dash, guillemets, „…“) can be named as well. The lists are in
 * lexicon-words.ts.
 *
 * All entries are lower case; titles are stored without their abbreviation period.
 */
import {
  ABBREVIATIONS,
  ENGLISH,
  LANGUAGES,
  NAME_PARTICLES,
  NOT_NAMES,
  VERB_PARTICLES,
  type LanguageWords,
} from './lexicon-words.ts';

export interface Lexicon {
  /** Reporting verbs (finite forms) in lower case. */
  verbs: ReadonlySet<string>;
  /** Particles a reporting verb may carry: "went on", "broke in", "fuhr fort". */
  particles: ReadonlySet<string>;
  /** Titles and honorifics that may precede a name (Mr, Signora, don, Mlle, Herr, ...). */
  titles: ReadonlySet<string>;
  /** Abbreviations that keep their period ("Mr.", "Mme.", "Sig."): not a sentence end. */
  abbreviations: ReadonlySet<string>;
  /** Personal and relative pronouns: a subject that names nobody. */
  pronouns: ReadonlySet<string>;
  /** Articles that may precede a capitalised role name ("the Hatter", "il Griso"). */
  articles: ReadonlySet<string>;
  /** Determiners and possessives that start an unnamed subject ("his wife", "a voice"). */
  determiners: ReadonlySet<string>;
  /** Capitalised words that are never a name (sentence-initial function words). */
  notNames: ReadonlySet<string>;
  /** Lower-case particles allowed inside a name when a capitalised word follows ("de Bourgh"). */
  nameParticles: ReadonlySet<string>;
  /** Whether dialogue in this language puts the reporting clause inside the quote ("dit-il"). */
  incises: boolean;
  /** The book is in English: English tense rules apply (an unlisted `-ed` verb in a tag). */
  english: boolean;
  /** Gendered pronouns, titles and nouns ("he", "Mrs", "wife"), for the context pass. */
  male: ReadonlySet<string>;
  female: ReadonlySet<string>;
  /** The same split for titles only: "Mr" says a name is a man's. */
  maleTitles: ReadonlySet<string>;
  femaleTitles: ReadonlySet<string>;
  /** And for common nouns: "the old man", "a young woman" are someone of that gender. */
  maleNouns: ReadonlySet<string>;
  femaleNouns: ReadonlySet<string>;
}

const union = (...lists: string[][]): Set<string> => new Set(lists.flat());

const pick = (own: LanguageWords | undefined, key: keyof LanguageWords): string[] =>
  own === undefined || own === ENGLISH ? [] : own[key];

/** The word lists for a BCP 47 language tag; English lists are always included. */
export function lexiconFor(language: string): Lexicon {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const own = Object.hasOwn(LANGUAGES, primary) ? LANGUAGES[primary] : undefined;
  const both = (key: keyof LanguageWords) => union(ENGLISH[key], pick(own, key));
  return {
    verbs: both('verbs'),
    particles: new Set(VERB_PARTICLES),
    titles: both('titles'),
    abbreviations: new Set(ABBREVIATIONS),
    pronouns: both('pronouns'),
    articles: both('articles'),
    determiners: both('determiners'),
    notNames: new Set(NOT_NAMES),
    nameParticles: new Set(NAME_PARTICLES),
    incises: own !== undefined && own !== ENGLISH,
    english: primary === 'en',
    male: union([...both('malePronouns'), ...both('maleTitles'), ...both('maleNouns')]),
    female: union([...both('femalePronouns'), ...both('femaleTitles'), ...both('femaleNouns')]),
    maleTitles: both('maleTitles'),
    femaleTitles: both('femaleTitles'),
    maleNouns: both('maleNouns'),
    femaleNouns: both('femaleNouns'),
  };
}
