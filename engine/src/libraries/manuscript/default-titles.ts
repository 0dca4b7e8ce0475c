/**
 * Titles for sections the book itself leaves untitled, in the book's language (issue 14: an
 * Italian book's chapters are "Capitolo 1", not "Chapter 1"). English for languages not listed.
 */
interface Titles {
  chapter: string;
  front: string;
  back: string;
}

const TITLES: Record<string, Titles> = {
  en: { chapter: 'Chapter', front: 'Front matter', back: 'Back matter' },
  it: { chapter: 'Capitolo', front: 'Pagine iniziali', back: 'Pagine finali' },
  fr: { chapter: 'Chapitre', front: 'Pages liminaires', back: 'Pages finales' },
  de: { chapter: 'Kapitel', front: 'Vorspann', back: 'Anhang' },
  es: { chapter: 'Capítulo', front: 'Preliminares', back: 'Páginas finales' },
  pt: { chapter: 'Capítulo', front: 'Elementos pré-textuais', back: 'Elementos pós-textuais' },
  nl: { chapter: 'Hoofdstuk', front: 'Voorwerk', back: 'Nawerk' },
  ru: { chapter: 'Глава', front: 'Вступительные страницы', back: 'Заключительные страницы' },
};

/** The default titles for a BCP 47 language tag (its primary subtag). */
export function defaultTitles(language: string | null): Titles {
  const primary = (language ?? 'en').toLowerCase().split(/[-_]/)[0] ?? 'en';
  return TITLES[primary] ?? (TITLES.en as Titles);
}

/** "Chapter 3", "Capitolo 3", "Глава 3". */
export function defaultChapterTitle(language: string | null, ordinal: number): string {
  return `${defaultTitles(language).chapter} ${ordinal}`;
}
