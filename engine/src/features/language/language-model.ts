/**
 * The engine's one language model (docs/api/language-model.md): every feature that reads or
 * writes text with a model asks it here, whatever answers — an installed pack or the owner's
 * GGUF file run by node-llama-cpp in its own process (embedded/embedded-llm.ts), or the owner's
 * OpenAI-compatible chat server (chat-endpoint.ts). Answers are JSON constrained to a schema
 * (node-llama-cpp's grammar, a server's response_format) and then checked by the feature's own
 * reader. One embedded model is loaded at a time and unloaded when idle; every call takes an
 * AbortSignal and reports the tokens it has written.
 */
import type { EngineConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import { packNeeded } from '../../inference/pack-needed.ts';
import type { Machine } from '../../inference/pack-recommendations.ts';
import type { LanguageModelConfig } from '../../llm-config.ts';
import { ChatEndpoint, parseJsonReply } from './chat-endpoint.ts';
import { EmbeddedLlm, IncompleteAnswerError } from './embedded/embedded-llm.ts';
import type { JsonSchema } from './embedded/llm-protocol.ts';
import { chooseLanguageModel, type LlmChoice, type LlmPreferences } from './llm-choice.ts';
import { guessSpeed, SpeedMeter, type Speed } from './llm-speed.ts';

export interface JsonTask<T> {
  system: string;
  prompt: string;
  /** The answer's shape, in the subset node-llama-cpp's grammar takes (also sent to servers). */
  schema: JsonSchema;
  /** Types the answer (a zod parse); throws when it does not fit. */
  read: (value: unknown) => T;
  /** Always set: a small model may otherwise write until its context is full. */
  maxTokens: number;
  temperature?: number;
  signal?: AbortSignal | undefined;
  /** Answer tokens written so far, while the model writes. */
  onProgress?: ((outputTokens: number) => void) | undefined;
  /**
   * What to keep of an answer cut off by maxTokens (e.g. the paragraphs written whole), or null
   * to fail. Without it a cut-off answer fails the call.
   */
  salvage?: ((partial: string) => T | null) | undefined;
}

/** What the features see of the language model (books takes this, never the class). */
export interface LanguageModel {
  /** A model is set up (pack installed, file or server configured and usable). */
  available(): boolean;
  /** Throws the plain "needs a language model" error (503) for `what` when none is. */
  require(what: string): void;
  /** The model's name in plain words, for job stages ("Qwen3 4B Instruct"). */
  label(): string | null;
  /** What answers: an installed pack, the owner's file or chat server; null: nothing. */
  source(): 'pack' | 'file' | 'url' | null;
  /** Tokens one call may use, prompt and answer together (loads an embedded model). */
  contextTokens(signal?: AbortSignal): Promise<number>;
  /** The same without loading anything: what the settings (or the loaded model) give. */
  plannedContextTokens(): number;
  /** Token counts with the model's tokenizer (estimated for a chat server). */
  countTokens(texts: string[], signal?: AbortSignal): Promise<number[]>;
  json<T>(task: JsonTask<T>): Promise<T>;
  /** Seconds to read and write that many tokens, at the measured (else guessed) speed. */
  estimateSeconds(
    promptTokens: number,
    outputTokens: number,
  ): { seconds: number; measured: boolean };
}

export interface LanguageModelDeps {
  config: Pick<EngineConfig, 'llmUrl' | 'llmModel' | 'llmTimeoutSeconds' | 'llm'>;
  models: ModelRegistry;
  machine: () => Machine;
  log: (line: string) => void;
}

/** A chat server's tokens, without its tokenizer: about 3 characters each (conservative). */
const CHARS_PER_TOKEN = 3;

export class LanguageModelService implements LanguageModel {
  private prefs: LlmPreferences;
  private runtime: LanguageModelConfig;
  private embedded: EmbeddedLlm | null = null;
  private chat: ChatEndpoint | null = null;
  private readonly meters = new Map<string, SpeedMeter>();

  constructor(private readonly deps: LanguageModelDeps) {
    const { config } = deps;
    this.runtime = { ...config.llm };
    this.prefs = {
      source: config.llm.source,
      pack: config.llm.pack,
      modelFile: config.llm.modelFile,
      url: config.llmUrl,
      urlModel: config.llmModel,
    };
  }

  get preferences(): Readonly<LlmPreferences> {
    return this.prefs;
  }

  get settings(): Readonly<LanguageModelConfig> {
    return this.runtime;
  }

  /** The owner changed the choice (PUT /language-model): a loaded model that no longer fits goes. */
  async update(
    prefs: Partial<LlmPreferences>,
    runtime: Partial<LanguageModelConfig>,
  ): Promise<void> {
    this.prefs = { ...this.prefs, ...prefs };
    this.runtime = { ...this.runtime, ...runtime };
    this.embedded?.setIdleMs(this.runtime.idleSeconds * 1000);
    // A model that is no longer the choice (or runs with other settings) is unloaded now.
    if (this.choice().kind === 'none') await this.unload();
    else await this.current();
  }

  choice(): LlmChoice {
    return chooseLanguageModel(this.deps.models, this.prefs, this.deps.machine());
  }

  available(): boolean {
    return this.choice().kind !== 'none';
  }

  label(): string | null {
    const choice = this.choice();
    return choice.kind === 'none' ? null : choice.label;
  }

  source(): 'pack' | 'file' | 'url' | null {
    const choice = this.choice();
    return choice.kind === 'none' ? null : choice.kind;
  }

  require(what: string): void {
    const choice = this.choice();
    if (choice.kind !== 'none') return;
    if (choice.problem !== null) {
      throw new AppError(
        'service_unavailable',
        `${what} needs a language model, and ${choice.problem}. Choose one on the Models page.`,
        { details: { capability: 'language-model', reason: 'language_model_setting' } },
      );
    }
    throw packNeeded(this.deps.models, 'language-model', what);
  }

  /** The loaded embedded model, if any (for the status page). */
  get loaded(): EmbeddedLlm | null {
    return this.embedded?.info ? this.embedded : null;
  }

  /** Why the model process last stopped on its own, if it did. */
  get lastCrash(): string | null {
    return this.embedded?.lastCrash ?? null;
  }

  speedOf(choice: LlmChoice): Speed {
    return this.meter(choice).speed;
  }

  async contextTokens(signal?: AbortSignal): Promise<number> {
    const backend = await this.current();
    if (backend instanceof EmbeddedLlm) return (await backend.load(signal)).contextTokens;
    return this.runtime.contextTokens;
  }

  plannedContextTokens(): number {
    return this.embedded?.info?.contextTokens ?? this.runtime.contextTokens;
  }

  async countTokens(texts: string[], signal?: AbortSignal): Promise<number[]> {
    const backend = await this.current();
    if (backend instanceof EmbeddedLlm) return backend.count(texts, signal);
    return texts.map((t) => Math.ceil(t.length / CHARS_PER_TOKEN));
  }

  async json<T>(task: JsonTask<T>): Promise<T> {
    try {
      return await this.answer(task);
    } catch (error) {
      const kept = error instanceof IncompleteAnswerError ? task.salvage?.(error.partial) : null;
      if (kept !== null && kept !== undefined) return kept;
      throw error;
    }
  }

  private async answer<T>(task: JsonTask<T>): Promise<T> {
    const backend = await this.current();
    const choice = this.choice();
    const meter = this.meter(choice);
    let value: unknown;
    if (backend instanceof EmbeddedLlm) {
      const answer = await backend.generate(
        {
          system: task.system,
          prompt: task.prompt,
          schema: task.schema,
          maxTokens: task.maxTokens,
          temperature: task.temperature ?? 0,
        },
        { signal: task.signal, ...(task.onProgress && { onProgress: task.onProgress }) },
      );
      meter.record(answer);
      value = JSON.parse(answer.text) as unknown;
    } else {
      const started = performance.now();
      const answer = await backend.complete(
        [
          { role: 'system', content: task.system },
          { role: 'user', content: task.prompt },
        ],
        {
          schema: task.schema,
          maxTokens: task.maxTokens,
          temperature: task.temperature ?? 0,
          signal: task.signal,
        },
      );
      const reply = parseJsonReply(answer.text);
      if (reply === undefined)
        throw new IncompleteAnswerError(
          `The language model (${backend.url}) answered without the JSON it was asked for.`,
          answer.text,
        );
      if (answer.outputTokens !== null)
        meter.record({
          promptTokens: 0,
          promptMs: 0,
          outputTokens: answer.outputTokens,
          outputMs: performance.now() - started,
        });
      value = reply;
    }
    try {
      return task.read(value);
    } catch (error) {
      throw new AppError(
        'service_unavailable',
        `The language model (${choice.kind === 'none' ? 'none' : choice.label}) answered in a shape that could not be used.`,
        { cause: error, details: { reason: 'model_answer_shape' } },
      );
    }
  }

  estimateSeconds(promptTokens: number, outputTokens: number) {
    const meter = this.meter(this.choice());
    return { seconds: meter.estimate(promptTokens, outputTokens), measured: meter.speed.measured };
  }

  /** Unloads the embedded model now (its process ends). */
  async unload(): Promise<void> {
    await this.embedded?.unload();
  }

  async close(): Promise<void> {
    await this.unload();
    this.embedded = null;
  }

  private meter(choice: LlmChoice): SpeedMeter {
    const key = choice.kind === 'none' ? 'none' : choice.label;
    let meter = this.meters.get(key);
    if (!meter) {
      const info = this.embedded?.info;
      const bytes =
        choice.kind === 'pack'
          ? (this.deps.models.manifest(choice.packId).files[0]?.bytes ?? 2.5e9)
          : (info?.modelBytes ?? 2.5e9);
      meter = new SpeedMeter(
        choice.kind === 'url'
          ? { promptPerSecond: 300, outputPerSecond: 20, measured: false }
          : guessSpeed(bytes, this.runtime.gpu !== 'off' && this.deps.machine().gpu),
      );
      this.meters.set(key, meter);
    }
    return meter;
  }

  /** The backend for the current choice; a loaded model that is not the choice is unloaded. */
  private async current(): Promise<EmbeddedLlm | ChatEndpoint> {
    const choice = this.choice();
    if (choice.kind === 'none') {
      await this.unload();
      this.require('Using the language model');
      throw new AppError('internal_error', 'no language model');
    }
    if (choice.kind === 'url') {
      await this.unload();
      if (this.chat?.url !== choice.url)
        this.chat = new ChatEndpoint(
          choice.url,
          this.prefs.urlModel,
          this.deps.config.llmTimeoutSeconds * 1000,
        );
      return this.chat;
    }
    const { gpu, contextTokens, threads, idleSeconds } = this.runtime;
    const wanted = {
      modelPath: choice.path,
      gpu: gpu === 'off' ? (false as const) : gpu,
      contextTokens,
      threads,
    };
    const have = this.embedded?.options;
    if (
      !this.embedded ||
      have?.modelPath !== wanted.modelPath ||
      have.gpu !== wanted.gpu ||
      have.contextTokens !== wanted.contextTokens ||
      have.threads !== wanted.threads
    ) {
      await this.embedded?.unload();
      this.embedded = new EmbeddedLlm({
        ...wanted,
        label: choice.label,
        idleMs: idleSeconds * 1000,
        log: this.deps.log,
      });
    }
    return this.embedded;
  }
}
