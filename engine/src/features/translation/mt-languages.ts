/**
 * The languages text translation accepts (docs/api/translation.md, "Languages"): the engine's
 * code (the contract's 21 speech-translation codes, ISO 639-1 style with `zh-cn`, plus more),
 * each model family's code, and the ISO 639-3 code the language detector (franc) answers.
 * M2M100 has no Telugu; only NLLB does.
 */
export interface MtLanguage {
  code: string;
  name: string;
  /** M2M100's code (`__xx__` token), or null where M2M100 lacks the language. */
  m2m100: string | null;
  /** NLLB-200's FLORES-200 code. */
  nllb: string;
  /** What franc (ISO 639-3) calls it. */
  iso3: string;
}

const ROWS: [string, string, string | null, string, string][] = [
  ['en', 'English', 'en', 'eng_Latn', 'eng'],
  ['es', 'Spanish', 'es', 'spa_Latn', 'spa'],
  ['fr', 'French', 'fr', 'fra_Latn', 'fra'],
  ['de', 'German', 'de', 'deu_Latn', 'deu'],
  ['it', 'Italian', 'it', 'ita_Latn', 'ita'],
  ['pt', 'Portuguese', 'pt', 'por_Latn', 'por'],
  ['pl', 'Polish', 'pl', 'pol_Latn', 'pol'],
  ['tr', 'Turkish', 'tr', 'tur_Latn', 'tur'],
  ['ru', 'Russian', 'ru', 'rus_Cyrl', 'rus'],
  ['nl', 'Dutch', 'nl', 'nld_Latn', 'nld'],
  ['cs', 'Czech', 'cs', 'ces_Latn', 'ces'],
  ['ar', 'Arabic', 'ar', 'arb_Arab', 'arb'],
  ['zh-cn', 'Chinese (Simplified)', 'zh', 'zho_Hans', 'cmn'],
  ['ja', 'Japanese', 'ja', 'jpn_Jpan', 'jpn'],
  ['hu', 'Hungarian', 'hu', 'hun_Latn', 'hun'],
  ['ko', 'Korean', 'ko', 'kor_Hang', 'kor'],
  ['hi', 'Hindi', 'hi', 'hin_Deva', 'hin'],
  ['ka', 'Georgian', 'ka', 'kat_Geor', 'kat'],
  ['te', 'Telugu', null, 'tel_Telu', 'tel'],
  ['ml', 'Malayalam', 'ml', 'mal_Mlym', 'mal'],
  ['ta', 'Tamil', 'ta', 'tam_Taml', 'tam'],
  ['uk', 'Ukrainian', 'uk', 'ukr_Cyrl', 'ukr'],
  ['sv', 'Swedish', 'sv', 'swe_Latn', 'swe'],
  ['da', 'Danish', 'da', 'dan_Latn', 'dan'],
  ['fi', 'Finnish', 'fi', 'fin_Latn', 'fin'],
  ['no', 'Norwegian (Bokmål)', 'no', 'nob_Latn', 'nob'],
  ['el', 'Greek', 'el', 'ell_Grek', 'ell'],
  ['he', 'Hebrew', 'he', 'heb_Hebr', 'heb'],
  ['id', 'Indonesian', 'id', 'ind_Latn', 'ind'],
  ['vi', 'Vietnamese', 'vi', 'vie_Latn', 'vie'],
  ['th', 'Thai', 'th', 'tha_Thai', 'tha'],
  ['ro', 'Romanian', 'ro', 'ron_Latn', 'ron'],
  ['bg', 'Bulgarian', 'bg', 'bul_Cyrl', 'bul'],
  ['ca', 'Catalan', 'ca', 'cat_Latn', 'cat'],
  ['hr', 'Croatian', 'hr', 'hrv_Latn', 'hrv'],
  ['sk', 'Slovak', 'sk', 'slk_Latn', 'slk'],
  ['sl', 'Slovenian', 'sl', 'slv_Latn', 'slv'],
  ['sr', 'Serbian', 'sr', 'srp_Cyrl', 'srp'],
  ['lt', 'Lithuanian', 'lt', 'lit_Latn', 'lit'],
  ['lv', 'Latvian', 'lv', 'lvs_Latn', 'lvs'],
  ['et', 'Estonian', 'et', 'est_Latn', 'est'],
  ['fa', 'Persian', 'fa', 'pes_Arab', 'pes'],
  ['bn', 'Bengali', 'bn', 'ben_Beng', 'ben'],
  ['ur', 'Urdu', 'ur', 'urd_Arab', 'urd'],
  ['ms', 'Malay', 'ms', 'zsm_Latn', 'zsm'],
  ['sw', 'Swahili', 'sw', 'swh_Latn', 'swh'],
  ['tl', 'Tagalog', 'tl', 'tgl_Latn', 'tgl'],
];

export const MT_LANGUAGES: readonly MtLanguage[] = ROWS.map(([code, name, m2m100, nllb, iso3]) => ({
  code,
  name,
  m2m100,
  nllb,
  iso3,
}));

/** Other spellings users send, mapped to the engine's code. */
const ALIASES: Record<string, string> = {
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  nb: 'no',
  iw: 'he',
  fil: 'tl',
};

/** The engine's code for what a user sent (`EN`, `zh`, `zh-Hans`…), or null when unknown. */
export function languageCode(raw: string): string | null {
  const lower = raw.trim().toLowerCase().replace('_', '-');
  const code = ALIASES[lower] ?? lower;
  return MT_LANGUAGES.some((l) => l.code === code) ? code : null;
}

export function mtLanguage(code: string): MtLanguage | null {
  return MT_LANGUAGES.find((l) => l.code === code) ?? null;
}

export function languageFromIso3(iso3: string): MtLanguage | null {
  return MT_LANGUAGES.find((l) => l.iso3 === iso3) ?? null;
}
