/**
 * A SentencePiece vocabulary in the two JSON files sherpa-onnx's PocketTTS tokenizer reads
 * (`vocab.json`: piece → id, `token_scores.json`: piece → score; sherpa-onnx
 * scripts/pocket-tts/convert_tokenizer.py writes them from the published tokenizer.model): the
 * control pieces, "▁", letters, digits and punctuation, and the 256 `<0xNN>` byte pieces sherpa
 * falls back to for anything else. Generated for tests; the real vocabulary has 4,000 pieces.
 */
const CONTROL = ['<unk>', '<s>', '</s>'];
const SPACE = '\u2581';
const CHARACTERS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'.,;:!?\'"-()',
];

export interface PocketVocabulary {
  vocab: Record<string, number>;
  scores: Record<string, number>;
  size: number;
}

export function pocketVocabulary(): PocketVocabulary {
  const vocab: Record<string, number> = {};
  const scores: Record<string, number> = {};
  const add = (piece: string, score: number): void => {
    vocab[piece] = Object.keys(vocab).length;
    scores[piece] = score;
  };
  for (const piece of CONTROL) add(piece, 0);
  add(SPACE, -1);
  for (const piece of CHARACTERS) add(piece, -2);
  // "▁x" pieces for word starts, as a trained vocabulary has
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') add(`${SPACE}${letter}`, -2.5);
  for (let byte = 0; byte < 256; byte++)
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, -10);
  return { vocab, scores, size: Object.keys(vocab).length };
}
