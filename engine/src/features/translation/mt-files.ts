/**
 * The files of a transformers.js translation pack (Xenova's Opus-MT, M2M100 and NLLB exports,
 * q8): the names code asks the registry for, and where each sits in the Hub repository.
 */
export const MT_FILES = {
  config: 'config.json',
  generation: 'generation_config.json',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
  encoder: 'encoder_model_quantized.onnx',
  decoder: 'decoder_model_merged_quantized.onnx',
} as const;

export type MtFileKey = keyof typeof MT_FILES;

/** The file's path inside the Hub repository (the models live under `onnx/`). */
export function repoPath(key: MtFileKey): string {
  return key === 'encoder' || key === 'decoder' ? `onnx/${MT_FILES[key]}` : MT_FILES[key];
}
