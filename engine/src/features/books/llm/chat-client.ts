/**
 * The configured OpenAI-compatible chat endpoint (config.llmUrl: llama.cpp's server, Ollama,
 * vLLM, LM Studio, ...): `POST {llmUrl}/chat/completions`. Book generation, LLM speaker detection
 * and screenplay annotation use it; without one they answer 503 with what to configure
 * (docs/api/audiobook.md, "Language model"). Nothing leaves the machine unless the owner points
 * llmUrl elsewhere.
 */
import { DEFAULT_LLM_TIMEOUT_SECONDS } from '../../../config.ts';
import { AppError, CancelledError } from '../../../errors.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  signal?: AbortSignal | undefined;
  temperature?: number;
  maxTokens?: number;
}

export const NO_ENDPOINT_HINT =
  'Set TAPEHOUSE_LLM_URL (or "llmUrl" in settings.json) to an OpenAI-compatible chat endpoint, ' +
  'e.g. http://127.0.0.1:8080/v1, and restart the engine.';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export class ChatClient {
  private model: Promise<string> | null = null;

  constructor(
    private readonly url: string | null,
    private readonly configuredModel: string | null,
    /** config.llmTimeoutSeconds (TAPEHOUSE_LLM_TIMEOUT_SECONDS) in ms. */
    private readonly timeoutMs = DEFAULT_LLM_TIMEOUT_SECONDS * 1000,
  ) {}

  get configured(): boolean {
    return this.url !== null;
  }

  /** 503 naming the feature and the setting when no endpoint is configured. */
  require(feature: string): void {
    if (this.url === null) {
      throw new AppError(
        'service_unavailable',
        `${feature} needs a language model. ${NO_ENDPOINT_HINT}`,
        {
          details: { setting: 'TAPEHOUSE_LLM_URL' },
        },
      );
    }
  }

  private unavailable(why: string, cause?: unknown): AppError {
    return new AppError(
      'service_unavailable',
      `The language model endpoint (${this.url ?? 'none'}) ${why}.`,
      { cause },
    );
  }

  private async request(path: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    if (this.url === null) throw this.unavailable('is not configured');
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(`${trimSlash(this.url)}${path}`, { ...init, signal: combined });
    } catch (error) {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted)
        throw this.unavailable(`did not answer within ${this.timeoutMs / 1000} s`);
      throw this.unavailable('could not be reached', error);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw this.unavailable(`answered HTTP ${res.status}`);
    }
    try {
      return (await res.json()) as unknown;
    } catch (error) {
      if (signal?.aborted) throw new CancelledError();
      throw this.unavailable('answered something that is not JSON', error);
    }
  }

  /** The configured model, else the first one the endpoint lists, else "default". */
  private modelName(signal?: AbortSignal): Promise<string> {
    if (this.configuredModel) return Promise.resolve(this.configuredModel);
    this.model ??= this.request('/models', { method: 'GET' }, signal)
      .then((body) => {
        const data = (body as { data?: { id?: unknown }[] }).data;
        const id = Array.isArray(data) ? data[0]?.id : undefined;
        return typeof id === 'string' && id !== '' ? id : 'default';
      })
      .catch(() => 'default');
    return this.model;
  }

  /** The assistant's text for `messages`. */
  async complete(messages: ChatMessage[], options: ChatOptions = {}): Promise<string> {
    const model = await this.modelName(options.signal);
    const body = await this.request(
      '/chat/completions',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model,
          messages,
          temperature: options.temperature ?? 0.2,
          ...(options.maxTokens !== undefined && { max_tokens: options.maxTokens }),
          stream: false,
        }),
      },
      options.signal,
    );
    const content = (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]
      ?.message?.content;
    if (typeof content !== 'string') throw this.unavailable('answered without a message');
    return content;
  }

  /** complete(), then the first JSON value in the answer (models wrap JSON in prose or fences). */
  async completeJson(messages: ChatMessage[], options: ChatOptions = {}): Promise<unknown> {
    const text = await this.complete(messages, options);
    const value = parseJsonReply(text);
    if (value === undefined) throw this.unavailable('answered without the JSON it was asked for');
    return value;
  }
}

/** The first JSON object or array in a model's answer, or undefined. */
export function parseJsonReply(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = unfenced.indexOf(open);
    const end = unfenced.lastIndexOf(close);
    if (start === -1 || end <= start) continue;
    try {
      return JSON.parse(unfenced.slice(start, end + 1)) as unknown;
    } catch {
      // try the other bracket kind
    }
  }
  return undefined;
}
