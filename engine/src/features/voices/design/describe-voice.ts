/**
 * Voice design, step one: a free-text description ("a warm, deep-voiced old man speaking slowly
 * with a Scottish accent") becomes voice parameters — gender, age, pitch, pace, liveliness,
 * timbre words, accent and language — by word lists, not a model, so it works offline and says
 * exactly what it understood (`matched`) and what it could not honour (`ignored`). Pure.
 * English words are complete; gender, age and pace words are also known in German, French,
 * Spanish, Italian and Portuguese (descriptions are often written in the voice's language).
 */
import type { VoiceAge } from '../engines/espeak/espeak-variants.ts';

export type PitchLevel = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';
export type Pace = 'slow' | 'medium' | 'fast';
export type Liveliness = 'calm' | 'neutral' | 'lively';

export const TIMBRES = [
  'warm',
  'bright',
  'breathy',
  'raspy',
  'gravelly',
  'husky',
  'crisp',
  'clear',
  'smooth',
  'resonant',
  'nasal',
  'soft',
] as const;
export type Timbre = (typeof TIMBRES)[number];

export interface VoiceDescription {
  gender: 'male' | 'female' | null;
  age: VoiceAge | null;
  pitch: PitchLevel;
  pace: Pace;
  liveliness: Liveliness;
  timbre: Timbre[];
  /** A locale the description names (an accent or a language), e.g. `en-GB-scotland`, `fr-FR`. */
  locale: string | null;
  /** How the locale was found: it names the language (`speaks French`) or only an accent. */
  localeSource: 'language' | 'accent' | null;
  /** `<language> accent` (a French accent): the language whose accent was asked for. */
  foreignAccent: string | null;
  /** The words that set each parameter, for the response. */
  matched: string[];
}

function words(list: string): string[] {
  return list.split('|');
}

const FEMALE = words(
  'woman|women|female|girl|lady|feminine|she|her|mother|grandmother|grandma|queen|actress|heroine|frau|frauen|frauenstimme|sprecherin|erzählerin|weiblich|femme|féminine|mujer|femenina|donna|femminile|mulher|feminina|fille|chica|ragazza|menina',
);
const MALE = words(
  'man|men|male|boy|guy|gentleman|masculine|he|his|father|grandfather|grandpa|king|actor|hero|mann|männer|männerstimme|sprecher|erzähler|männlich|homme|masculin|hombre|masculino|uomo|maschile|homem|garçon|chico|ragazzo|menino',
);
const CHILD = words(
  'child|kid|kids|toddler|boy|girl|kind|enfant|niño|niña|bambino|bambina|criança',
);
const YOUNG = words(
  'young|youthful|teen|teenager|teenage|twenties|student|jung|jeune|joven|giovane|jovem',
);
const SENIOR = words(
  'old|elderly|aged|senior|grandfather|grandmother|grandpa|grandma|sixties|seventies|eighties|alt|alte|alter|vieux|vieille|âgé|âgée|viejo|vieja|anciano|anciana|vecchio|vecchia|idoso|idosa',
);
const ADULT = words(
  'adult|middle-aged|mature|thirties|forties|fifties|erwachsen|adulte|adulto|adulta',
);
const VERY_LOW = words('bass|booming|very deep|extremely deep');
const LOW = words(
  'deep|low|low-pitched|baritone|tief|tiefe|grave|profonde|profunda|profonda|grave',
);
const HIGH = words('high|high-pitched|squeaky|soprano|piping|hoch|hohe|aiguë|aguda|acuta');
const VERY_HIGH = words('very high|shrill|extremely high');
const SLOW = words(
  'slow|slowly|measured|deliberate|unhurried|leisurely|drawling|langsam|lent|lente|lento|lenta',
);
const FAST = words(
  'fast|quick|quickly|rapid|brisk|hurried|speedy|schnell|rapide|rápido|rápida|veloce',
);
const CALM = words(
  'calm|soothing|gentle|relaxed|monotone|flat|serene|peaceful|quiet|ruhig|sanft|calme|doux|douce|tranquilo|tranquila|calmo|calma',
);
const LIVELY = words(
  'lively|energetic|excited|animated|dramatic|expressive|enthusiastic|cheerful|upbeat|bubbly|lebhaft|énergique|animé|enérgico|energico|vivace',
);
const TIMBRE_WORDS: Record<Timbre, string[]> = {
  warm: words('warm|rich|mellow|velvety|warme|chaleureuse|cálida|calda'),
  bright: words('bright|sparkling|brilliant|hell|brillante'),
  breathy: words('breathy|airy|whispery|airy'),
  raspy: words('raspy|rough|hoarse|scratchy|rau|rauque|ronca'),
  gravelly: words('gravelly|gritty|craggy'),
  husky: words('husky|smoky|throaty'),
  crisp: words('crisp|precise|articulate|sharp'),
  clear: words('clear|clean|klar|claire|clara|chiara'),
  smooth: words('smooth|silky|polished|buttery'),
  resonant: words('resonant|commanding|authoritative|sonorous|booming'),
  nasal: words('nasal|nasally|twangy'),
  soft: words('soft|softly|tender|weich|leise'),
};

/** Accents eSpeak NG has a voice for, by the words that name them. */
const ACCENTS: [string[], string][] = [
  [words("received pronunciation|rp|posh|queen’s english|queen's english"), 'en-GB-x-rp'],
  [words('scottish|scots|scotland|glaswegian|edinburgh'), 'en-GB-scotland'],
  [words('lancashire|lancaster|northern english'), 'en-GB-x-gbclan'],
  [words('midlands|birmingham|brummie|west midlands'), 'en-GB-x-gbcwmd'],
  [words('british|english accent|uk|england|london|cockney'), 'en-GB'],
  [words('caribbean|jamaican|west indian|trinidadian'), 'en-029'],
  [words('new york|new yorker|brooklyn|nyc'), 'en-US-nyc'],
  [words('american|us accent|midwestern|californian'), 'en-US'],
  [words('latin american|mexican|colombian|argentinian|argentine'), 'es-419'],
  [words('castilian|madrid'), 'es'],
  [words('brazilian|brasileiro|brasileira'), 'pt-BR'],
  [words('european portuguese|lisbon'), 'pt'],
  [words('belgian|wallonian'), 'fr-BE'],
  [words('swiss french'), 'fr-CH'],
  [words('parisian'), 'fr-FR'],
  [words('cantonese|hong kong'), 'yue'],
];

/** Languages by their English names (a voice that "speaks French", "a German narrator"). */
const LANGUAGES: [string[], string][] = [
  [words('english'), 'en'],
  [words('french|français|française'), 'fr-FR'],
  [words('german|deutsch|deutsche|deutscher'), 'de'],
  [words('spanish|español|española'), 'es'],
  [words('italian|italiano|italiana'), 'it'],
  [words('portuguese|português|portuguesa'), 'pt'],
  [words('dutch|nederlands'), 'nl'],
  [words('swedish'), 'sv'],
  [words('norwegian'), 'nb'],
  [words('danish'), 'da'],
  [words('finnish'), 'fi'],
  [words('polish'), 'pl'],
  [words('czech'), 'cs'],
  [words('russian'), 'ru'],
  [words('ukrainian'), 'uk'],
  [words('greek'), 'el'],
  [words('turkish'), 'tr'],
  [words('arabic'), 'ar'],
  [words('hebrew'), 'he'],
  [words('hindi'), 'hi'],
  [words('japanese'), 'ja'],
  [words('korean'), 'ko'],
  [words('mandarin|chinese'), 'cmn'],
  [words('vietnamese'), 'vi'],
  [words('irish'), 'ga'],
  [words('welsh'), 'cy'],
];

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first of `list` that occurs as whole words in `text`, or null. */
function find(text: string, list: readonly string[]): string | null {
  for (const word of list) {
    const re = new RegExp(`(^|[^\\p{L}])${escape(word)}($|[^\\p{L}])`, 'u');
    if (re.test(text)) return word;
  }
  return null;
}

export function describeVoice(description: string): VoiceDescription {
  const text = description.toLowerCase().replace(/[’`]/g, "'");
  const matched: string[] = [];
  const hit = (list: readonly string[]) => {
    const word = find(text, list);
    if (word) matched.push(word);
    return word !== null;
  };
  const female = hit(FEMALE);
  const male = hit(MALE);
  let age: VoiceAge | null = null;
  if (hit(SENIOR)) age = 'senior';
  else if (hit(CHILD) && !hit(YOUNG)) age = 'child';
  else if (hit(YOUNG)) age = 'young';
  else if (hit(ADULT)) age = 'adult';
  // "boy"/"girl" name a gender and a child at once.
  const gender = female && !male ? 'female' : male && !female ? 'male' : null;
  let pitch: PitchLevel = 'medium';
  if (hit(VERY_LOW)) pitch = 'very_low';
  else if (hit(VERY_HIGH)) pitch = 'very_high';
  else if (hit(LOW)) pitch = 'low';
  else if (hit(HIGH)) pitch = 'high';
  const pace: Pace = hit(SLOW) ? 'slow' : hit(FAST) ? 'fast' : 'medium';
  const liveliness: Liveliness = hit(CALM) ? 'calm' : hit(LIVELY) ? 'lively' : 'neutral';
  const timbre = TIMBRES.filter((t) => hit(TIMBRE_WORDS[t]));
  let locale: string | null = null;
  let localeSource: VoiceDescription['localeSource'] = null;
  for (const [names, tag] of ACCENTS)
    if (hit(names)) {
      locale = tag;
      localeSource = 'accent';
      break;
    }
  let foreignAccent: string | null = null;
  for (const [names, tag] of LANGUAGES) {
    const word = find(text, names);
    if (!word) continue;
    if (find(text, [`${word} accent`, `${word}-accented`])) {
      matched.push(`${word} accent`);
      foreignAccent = tag;
      continue;
    }
    // "a British man speaking English" keeps the accent's finer locale.
    if (locale && locale.split('-')[0] === tag.split('-')[0]) break;
    matched.push(word);
    locale = tag;
    localeSource = 'language';
    break;
  }
  return {
    gender,
    age,
    pitch,
    pace,
    liveliness,
    timbre,
    locale,
    localeSource,
    foreignAccent,
    matched,
  };
}
