/**
 * An OpenAI-compatible chat server the owner runs (config.llmUrl: llama.cpp's server, Ollama,
 * vLLM, LM Studio, ...): `POST {llmUrl}/chat/completions`, one of the language model's sources
 * (docs/api/language-model.md). JSON answers are asked for with `response_format: json_schema`
 * (llama.cpp's server, Ollama, LM Studio and vLLM constrain the answer to it); a server that
 * refuses the field is asked again without it, once, and its answer is read for the first JSON
 * value. Nothing leaves the machine unless the owner points llmUrl elsewhere.
 */
import { DEFAULT_LLM_TIMEOUT_SECONDS } from '../../config.ts';
import { AppError, CancelledError } from '../../errors.ts';
import type { JsonSchema } from './embedded/llm-protocol.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  signal?: AbortSignal | undefined;
  temperature?: number;
  maxTokens?: number;
  /** Constrain the answer to this schema (response_format json_schema). */
  schema?: JsonSchema | undefined;
}

export interface ChatAnswer {
  text: string;
  promptTokens: number | null;
  outputTokens: number | null;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export class ChatEndpoint {
  private model: Promise<string> | null = null;
  /** The server refused response_format once: ask in the prompt only from then on. */
  private schemaRefused = false;

  constructor(
    readonly url: string,
    private readonly configuredModel: string | null,
    /** config.llmTimeoutSeconds (TAPEHOUSE_LLM_TIMEOUT_SECONDS) in ms. */
    private readonly timeoutMs = DEFAULT_LLM_TIMEOUT_SECONDS * 1000,
  ) {}

  private unavailable(why: string, cause?: unknown): AppError {
    return new AppError('service_unavailable', `The language model server (${this.url}) ${why}.`, {
      cause,
      details: { reason: 'chat_server' },
    });
  }

  private async request(
    path: string,
    init: RequestInit,
    signal?: AbortSignal,
  ): Promise<{ status: number; body: unknown }> {
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
      return { status: res.status, body: null };
    }
    try {
      return { status: res.status, body: (await res.json()) as unknown };
    } catch (error) {
      if (signal?.aborted) throw new CancelledError();
      throw this.unavailable('answered something that is not JSON', error);
    }
  }

  /** The configured model, else the first one the endpoint lists, else "default". */
  private modelName(signal?: AbortSignal): Promise<string> {
    if (this.configuredModel) return Promise.resolve(this.configuredModel);
    this.model ??= this.request('/models', { method: 'GET' }, signal)
      .then(({ body }) => {
        const data = (body as { data?: { id?: unknown }[] } | null)?.data;
        const id = Array.isArray(data) ? data[0]?.id : undefined;
        return typeof id === 'string' && id !== '' ? id : 'default';
      })
      .catch(() => 'default');
    return this.model;
  }

  /** The assistant's text for `messages`. */
  async complete(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatAnswer> {
    const model = await this.modelName(options.signal);
    const withSchema = options.schema !== undefined && !this.schemaRefused;
    const { status, body } = await this.request(
      '/chat/completions',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model,
          messages,
          temperature: options.temperature ?? 0.2,
          ...(options.maxTokens !== undefined && { max_tokens: options.maxTokens }),
          ...(withSchema && {
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'answer', strict: true, schema: options.schema },
            },
          }),
          stream: false,
        }),
      },
      options.signal,
    );
    if (withSchema && (status === 400 || status === 422)) {
      this.schemaRefused = true;
      return this.complete(messages, options);
    }
    if (body === null) throw this.unavailable(`answered HTTP ${status}`);
    const reply = body as {
      choices?: { message?: { content?: unknown } }[];
      usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
    };
    const content = reply.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw this.unavailable('answered without a message');
    const count = (value: unknown) => (typeof value === 'number' ? value : null);
    return {
      text: content,
      promptTokens: count(reply.usage?.prompt_tokens),
      outputTokens: count(reply.usage?.completion_tokens),
    };
  }

  /** complete(), then the first JSON value in the answer (models wrap JSON in prose or fences). */
  async completeJson(
    messages: ChatMessage[],
    options: ChatOptions = {},
  ): Promise<{ value: unknown; answer: ChatAnswer }> {
    const answer = await this.complete(messages, options);
    const value = parseJsonReply(answer.text);
    if (value === undefined) throw this.unavailable('answered without the JSON it was asked for');
    return { value, answer };
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
