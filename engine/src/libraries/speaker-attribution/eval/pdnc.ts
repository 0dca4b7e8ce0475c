/**
 * PDNC (Project Dialogism Novel Corpus, Vishnubhotla et al. 2022): a full novel_text.txt, every
 * quotation in quotation_info.csv (speaker = the character's main name, spans in code points)
 * and character_info.csv (main name → alias set).
 *
 * Paragraphs: the novel split on blank lines, hard line breaks joined with spaces.
 * Matching: the annotated speaker is resolved to its character (main name, or the one character
 * listing it as an alias); a predicted name is correct when, normalised (eval-book.ts
 * normaliseName), it is one of that character's aliases; wrong when it is exactly an alias of
 * another character who speaks somewhere in the book; otherwise correct when it matches one of the aliases by namesMatch
 * ("Bounderby" said of Josiah Bounderby, whose aliases are "Mr. Bounderby" and "Josiah
 * Bounderby").
 */
import { normaliseName, namesMatch, splitParagraphs, type EvalBook } from './eval-book.ts';
import { codePointOffsets, parseCsv, parsePyLiteral, pyStrings, type PyValue } from './formats.ts';

export function loadPdncBook(args: {
  name: string;
  novelText: string;
  quotationCsv: string;
  characterCsv: string;
}): EvalBook {
  const { paragraphs, locate } = splitParagraphs(args.novelText, /\n[ \t]*\n/);
  const toUtf16 = codePointOffsets(args.novelText);
  const aliases = new Map<string, Set<string>>();
  const owners = new Map<string, Set<string>>();
  for (const row of parseCsv(args.characterCsv)) {
    const main = row['Main Name'] ?? '';
    if (main === '') continue;
    const names = new Set(
      [main, ...pyStrings(safeLiteral(row['Aliases'] ?? '[]'))].map(normaliseName),
    );
    aliases.set(main, names);
    for (const alias of names) {
      const set = owners.get(alias) ?? new Set<string>();
      set.add(main);
      owners.set(alias, set);
    }
  }
  const quotes = parseCsv(args.quotationCsv).flatMap((row) => {
    const spans = safeLiteral(row['quoteByteSpans'] ?? '[]');
    const first = Array.isArray(spans) ? spans[0] : undefined;
    const start = Array.isArray(first) ? first[0] : undefined;
    const speaker = row['speaker'] ?? '';
    if (typeof start !== 'number' || speaker === '') return [];
    return [{ ...locate(toUtf16(start)), gold: speaker }];
  });
  // The speaker column usually holds the main name, sometimes one of the aliases
  // ("Dorian Gray" for the character listed as "Prince Charming").
  const characterOf = (gold: string): string => {
    if (aliases.has(gold)) return gold;
    const owning = owners.get(normaliseName(gold));
    return owning?.size === 1 ? ([...owning][0] as string) : gold;
  };
  // character_info.csv also lists names that never speak (a stray "Bounderby" row beside
  // "Josiah Bounderby"): only characters that speak somewhere count as another owner of a name.
  const speaking = new Set(quotes.map((q) => characterOf(q.gold)));
  const matches = (predicted: string, gold: string): boolean => {
    const p = normaliseName(predicted);
    const character = characterOf(gold);
    const goldAliases = aliases.get(character) ?? new Set([normaliseName(gold)]);
    if (goldAliases.has(p)) return true;
    if ([...(owners.get(p) ?? [])].some((owner) => owner !== character && speaking.has(owner))) {
      return false;
    }
    return [...goldAliases].some((alias) => namesMatch(p, alias, 'en'));
  };
  return { corpus: 'pdnc', name: args.name, language: 'en', paragraphs, quotes, matches };
}

function safeLiteral(text: string): PyValue {
  try {
    return parsePyLiteral(text);
  } catch {
    return [];
  }
}
