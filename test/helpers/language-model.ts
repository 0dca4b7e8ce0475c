/**
 * Language-model settings for test engines (config.llm): no model at all, or the tiny GGUF the
 * tests write themselves (tiny-gguf.ts) run by the real node-llama-cpp on the CPU with one thread
 * (two threads spin against each other on a loaded 2-core machine: 240 ms a token instead of 1).
 */
import path from 'node:path';
import type { LanguageModelConfig } from '../../engine/src/llm-config.ts';
import { writeTinyGguf } from './tiny-gguf.ts';

export const NO_MODEL: LanguageModelConfig = {
  source: 'auto',
  pack: null,
  modelFile: null,
  gpu: 'off',
  contextTokens: 2048,
  threads: 1,
  idleSeconds: 0,
};

/** The environment a test engine process needs to run the tiny model as the owner's own file. */
export function tinyModelEnv(
  dir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    TAPEHOUSE_LLM_GGUF: writeTinyGguf(path.join(dir, 'tiny.gguf')),
    TAPEHOUSE_LLM_URL: '',
    TAPEHOUSE_LLM_SOURCE: 'auto',
    TAPEHOUSE_LLM_GPU: 'off',
    TAPEHOUSE_LLM_THREADS: '1',
    TAPEHOUSE_LLM_CONTEXT: '4096',
    ...extra,
  };
}
