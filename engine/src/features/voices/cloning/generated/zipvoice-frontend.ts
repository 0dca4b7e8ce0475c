/**
 * The text files of a generated ZipVoice pack (tests), in the formats sherpa-onnx's ZipVoice
 * front end reads: `tokens.txt` ("<token> <id>" per line; a line of only an id is the space
 * token, which it requires) and `lexicon.txt` ("<word> <token> <token>…", pinyin with tones for
 * Chinese). English words go through sherpa's own eSpeak NG, so the tokens are eSpeak's IPA
 * symbols; the lexicon holds a few Chinese words. The real pack's files are far larger.
 */
import { GENERATED_IPA_SYMBOLS } from '../../engines/piper/generated-piper-voice.ts';

const LEXICON: readonly (readonly [string, readonly string[]])[] = [
  ['你', ['n', 'i3']],
  ['好', ['h', 'ao3']],
  ['世', ['sh', 'ir4']],
  ['界', ['j', 'ie4']],
  ['声', ['sh', 'eng1']],
  ['音', ['y', 'in1']],
];

function tokenList(): string[] {
  const pinyin = LEXICON.flatMap(([, tokens]) => tokens);
  return [...new Set([...GENERATED_IPA_SYMBOLS, ...pinyin])];
}

export function zipvoiceTokens(): string {
  return tokenList()
    .map((token, id) => `${token} ${id}`)
    .join('\n')
    .concat('\n');
}

export function zipvoiceLexicon(): string {
  return LEXICON.map(([word, tokens]) => `${word} ${tokens.join(' ')}`)
    .join('\n')
    .concat('\n');
}
