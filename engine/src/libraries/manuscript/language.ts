/**
 * Guesses a text's language from its commonest function words, for files whose metadata does
 * not say (TXT, most PDFs). Only languages narrators in this product work in are listed; the
 * answer is a BCP 47 primary tag or null when the sample is too small or too mixed.
 */
const STOPWORDS: Record<string, string> = {
  en: 'the and of to a in that was he it his her with is for you had not but she',
  de: 'der die und das nicht sich er es ich zu sie den mit ein war auf dem in auch aber',
  it: 'di che il la e non un per si una del le con lo della mi gli ma era come',
  fr: 'de la le et les des il que un une en du elle pas ne qui au je se dans',
  es: 'de la que el en y los se del las un por con no una su para es al lo',
  pt: 'de a o que e do da em um para com não uma os no se na por mais as',
  nl: 'de het een en van ik te dat die in is niet zijn hij op aan met als voor had',
};

const SETS = Object.fromEntries(
  Object.entries(STOPWORDS).map(([k, v]) => [k, new Set(v.split(' '))]),
);

export function detectLanguage(sample: string): string | null {
  const words =
    sample
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 20_000) ?? [];
  if (words.length < 30) return null;
  let best: string | null = null;
  let bestScore = 0;
  let second = 0;
  for (const [lang, set] of Object.entries(SETS)) {
    let hits = 0;
    for (const w of words) if (set.has(w)) hits += 1;
    const score = hits / words.length;
    if (score > bestScore) {
      second = bestScore;
      bestScore = score;
      best = lang;
    } else if (score > second) {
      second = score;
    }
  }
  return bestScore >= 0.12 && bestScore >= second * 1.2 ? best : null;
}

/** Metadata languages arrive as "en-US", "EN", "eng", "English", "German": keep the primary tag. */
export function normalizeLanguage(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  const names: Record<string, string> = Object.fromEntries(
    (
      'english:en german:de deutsch:de italian:it italiano:it french:fr français:fr spanish:es ' +
      'español:es portuguese:pt dutch:nl eng:en deu:de ger:de ita:it fra:fr fre:fr spa:es ' +
      'por:pt nld:nl dut:nl'
    )
      .split(' ')
      .map((pair) => pair.split(':') as [string, string]),
  );
  if (names[v]) return names[v] ?? null;
  const primary = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/.exec(v)?.[1];
  if (!primary) return null;
  return names[primary] ?? (primary.length === 2 ? primary : null);
}
