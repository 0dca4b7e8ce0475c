/**
 * The language model's settings (docs/api/language-model.md, "Settings"): which model the engine
 * uses — an installed pack, a GGUF file the owner already has, or an OpenAI-compatible chat
 * server (`llmUrl`, config.ts) — and how the embedded one runs. Environment variables win over
 * settings.json, as everywhere in config.ts.
 */
import { z } from 'zod';
import { AppError } from './errors.ts';

export const LLM_SOURCES = ['auto', 'pack', 'file', 'url', 'off'] as const;
export type LlmSource = (typeof LLM_SOURCES)[number];

export const LLM_GPUS = ['auto', 'off', 'cuda', 'vulkan', 'metal'] as const;
export type LlmGpu = (typeof LLM_GPUS)[number];

export interface LanguageModelConfig {
  /**
   * Which model answers: `auto` (the owner's model file, else the chat server, else the best
   * installed pack), one of them by name, or `off` (the features use their rules only).
   */
  source: LlmSource;
  /** The installed pack to run when several are (null: the best for this machine). */
  pack: string | null;
  /** A GGUF file the owner already has (LM Studio's or Ollama's store, a download). */
  modelFile: string | null;
  /** `auto`: a GPU when node-llama-cpp finds one; `off`: the CPU only (tests). */
  gpu: LlmGpu;
  /** Tokens of context the embedded model gets (prompt and answer of one call). */
  contextTokens: number;
  /** CPU threads for the embedded model; 0: node-llama-cpp's choice (every core). */
  threads: number;
  /** Seconds without a request before the embedded model is unloaded (0: only on request). */
  idleSeconds: number;
}

export const DEFAULT_LLM_CONTEXT_TOKENS = 4096;
export const DEFAULT_LLM_IDLE_SECONDS = 300;

/**
 * The language model's keys in settings.json, spread into config.ts's settings schema: the chat
 * server's (`llmUrl`, `llmModel`, `llmTimeoutSeconds`, read by config.ts) and the embedded
 * model's (read by loadLanguageModelConfig).
 */
export const LLM_SETTINGS = {
  llmUrl: z.string().url().optional(),
  llmModel: z.string().min(1).optional(),
  llmTimeoutSeconds: z.number().int().min(1).max(86_400).optional(),
  llmSource: z.enum(LLM_SOURCES).optional(),
  llmPack: z.string().min(1).optional(),
  llmModelFile: z.string().min(1).optional(),
  llmGpu: z.enum(LLM_GPUS).optional(),
  llmContextTokens: z.number().int().min(512).max(262_144).optional(),
  llmThreads: z.number().int().min(0).max(256).optional(),
  llmIdleSeconds: z.number().int().min(0).max(86_400).optional(),
};

/** Settings.json keys this reads (validated by config.ts's settings schema). */
export interface LanguageModelSettings {
  llmSource?: LlmSource | undefined;
  llmPack?: string | undefined;
  llmModelFile?: string | undefined;
  llmGpu?: LlmGpu | undefined;
  llmContextTokens?: number | undefined;
  llmThreads?: number | undefined;
  llmIdleSeconds?: number | undefined;
}

function trimmed(value: string | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function oneOf<T extends string>(
  value: string | null,
  allowed: readonly T[],
  name: string,
): T | null {
  if (value === null) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError(
    'validation_error',
    `${name} must be one of ${allowed.join(', ')}, got "${value}"`,
  );
}

function wholeNumber(value: string | null, name: string, min: number, max: number): number | null {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new AppError(
      'validation_error',
      `${name} must be a whole number ${min}-${max}, got "${value}"`,
    );
  }
  return n;
}

export function loadLanguageModelConfig(
  env: NodeJS.ProcessEnv,
  settings: LanguageModelSettings,
): LanguageModelConfig {
  return {
    source:
      oneOf(trimmed(env.TAPEHOUSE_LLM_SOURCE), LLM_SOURCES, 'TAPEHOUSE_LLM_SOURCE') ??
      settings.llmSource ??
      'auto',
    pack: settings.llmPack ?? null,
    modelFile: trimmed(env.TAPEHOUSE_LLM_GGUF) ?? settings.llmModelFile ?? null,
    gpu:
      oneOf(trimmed(env.TAPEHOUSE_LLM_GPU), LLM_GPUS, 'TAPEHOUSE_LLM_GPU') ??
      settings.llmGpu ??
      'auto',
    contextTokens:
      wholeNumber(trimmed(env.TAPEHOUSE_LLM_CONTEXT), 'TAPEHOUSE_LLM_CONTEXT', 512, 262_144) ??
      settings.llmContextTokens ??
      DEFAULT_LLM_CONTEXT_TOKENS,
    threads:
      wholeNumber(trimmed(env.TAPEHOUSE_LLM_THREADS), 'TAPEHOUSE_LLM_THREADS', 0, 256) ??
      settings.llmThreads ??
      0,
    idleSeconds:
      wholeNumber(
        trimmed(env.TAPEHOUSE_LLM_IDLE_SECONDS),
        'TAPEHOUSE_LLM_IDLE_SECONDS',
        0,
        86_400,
      ) ??
      settings.llmIdleSeconds ??
      DEFAULT_LLM_IDLE_SECONDS,
  };
}
