/**
 * The language-model process: node-llama-cpp with one GGUF model and one context, answering the
 * engine's requests one at a time (llm-protocol.ts). It lives in its own process so that a crash
 * or an out-of-memory kill inside llama.cpp ends this process, never the engine, and so that
 * unloading the model gives every byte back to the system (the engine ends this process).
 * Started by embedded-llm.ts with `fork`; it exits when the engine disconnects.
 */
import {
  getLlama,
  InsufficientMemoryError,
  LlamaChatSession,
  LlamaLogLevel,
  type GbnfJsonSchema,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from 'node-llama-cpp';
import type { FromChild, GenerateRequest, LoadOptions, ToChild } from './llm-protocol.ts';

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

let loaded: Loaded | null = null;
const running = new Map<number, AbortController>();
/** Grammars are compiled once per schema (a feature asks the same shape for every window). */
const grammars = new Map<string, LlamaGrammar>();

function send(message: FromChild): void {
  process.send?.(message);
}

function failure(id: number, error: unknown, signal?: AbortSignal): FromChild {
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted) return { type: 'failed', id, kind: 'cancelled', message: 'cancelled' };
  if (error instanceof InsufficientMemoryError || /memory|alloc/i.test(message))
    return { type: 'failed', id, kind: 'memory', message };
  return { type: 'failed', id, kind: 'failed', message };
}

async function load(options: LoadOptions): Promise<Loaded> {
  const llama = await getLlama({
    gpu: options.gpu,
    // Prebuilt binaries only: the engine never compiles llama.cpp on a user's machine.
    build: 'never',
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
    logger: (level, text) => {
      if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal)
        process.stderr.write(`${text}\n`);
    },
    ...(options.threads > 0 && { maxThreads: options.threads }),
  });
  const model = await llama.loadModel({ modelPath: options.modelPath });
  const context = await model.createContext({
    // As much context as asked for and memory allows (node-llama-cpp measures what fits).
    contextSize: { min: Math.min(512, options.contextTokens), max: options.contextTokens },
    ...(options.threads > 0 && { threads: options.threads }),
  });
  return { llama, model, context, sequence: context.getSequence() };
}

async function generate(
  id: number,
  target: Loaded,
  request: GenerateRequest,
  signal: AbortSignal,
): Promise<FromChild> {
  const { llama, sequence } = target;
  await sequence.clearHistory();
  const session = new LlamaChatSession({
    contextSequence: sequence,
    systemPrompt: request.system,
    autoDisposeSequence: false,
  });
  let grammar: LlamaGrammar | undefined;
  if (request.schema !== null) {
    const key = JSON.stringify(request.schema);
    grammar = grammars.get(key);
    if (!grammar) {
      grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(
        request.schema as GbnfJsonSchema,
      );
      if (grammars.size > 32) grammars.clear();
      grammars.set(key, grammar);
    }
  }
  const before = sequence.tokenMeter.getState();
  const started = performance.now();
  let firstToken = 0;
  let tokens = 0;
  let lastReport = 0;
  try {
    const text = await session.prompt(request.prompt, {
      ...(grammar && { grammar }),
      maxTokens: request.maxTokens,
      temperature: request.temperature,
      signal,
      // Reasoning models (Qwen3) answer at once: the schema is the whole answer.
      budgets: { thoughtTokens: 0 },
      onToken: (chunk) => {
        if (tokens === 0) firstToken = performance.now();
        tokens += chunk.length;
        const now = performance.now();
        if (now - lastReport > 250) {
          lastReport = now;
          send({ type: 'progress', id, tokens });
        }
      },
    });
    const after = sequence.tokenMeter.getState();
    const ended = performance.now();
    if (grammar) {
      try {
        JSON.parse(text);
      } catch {
        return {
          type: 'failed',
          id,
          kind: 'incomplete',
          message: `the answer stopped after ${tokens} tokens, before it was complete`,
          partial: text,
        };
      }
    }
    return {
      type: 'answer',
      id,
      text,
      promptTokens: after.usedInputTokens - before.usedInputTokens,
      outputTokens: after.usedOutputTokens - before.usedOutputTokens,
      promptMs: (firstToken || ended) - started,
      outputMs: firstToken ? ended - firstToken : 0,
    };
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

async function handle(message: ToChild): Promise<void> {
  switch (message.type) {
    case 'load': {
      try {
        loaded ??= await load(message);
        send({
          type: 'loaded',
          id: message.id,
          info: {
            contextTokens: loaded.context.contextSize,
            trainContextTokens: loaded.model.trainContextSize,
            gpu: loaded.llama.gpu,
            gpuLayers: loaded.model.gpuLayers,
            modelBytes: loaded.model.size,
            name: loaded.model.fileInfo.metadata.general.name ?? null,
            chatFormat: new LlamaChatSession({
              contextSequence: loaded.sequence,
              autoDisposeSequence: false,
            }).chatWrapper.wrapperName,
          },
        });
      } catch (error) {
        send(failure(message.id, error));
      }
      return;
    }
    case 'count': {
      const target = loaded;
      if (!target)
        return send({ type: 'failed', id: message.id, kind: 'failed', message: 'no model' });
      send({
        type: 'counted',
        id: message.id,
        counts: message.texts.map((text) => target.model.tokenize(text).length),
      });
      return;
    }
    case 'generate': {
      const target = loaded;
      if (!target)
        return send({ type: 'failed', id: message.id, kind: 'failed', message: 'no model' });
      const controller = new AbortController();
      running.set(message.id, controller);
      try {
        send(await generate(message.id, target, message, controller.signal));
      } catch (error) {
        send(failure(message.id, error, controller.signal));
      } finally {
        running.delete(message.id);
      }
      return;
    }
    case 'cancel':
      running.get(message.id)?.abort();
      return;
    case 'memory':
      send({ type: 'memory', id: message.id, rssBytes: process.memoryUsage().rss });
  }
}

// Requests run one after another (one context sequence); cancel and memory answer at once.
let queue: Promise<void> = Promise.resolve();
process.on('message', (message: ToChild) => {
  if (message.type === 'cancel' || message.type === 'memory') {
    void handle(message);
    return;
  }
  queue = queue.then(() => handle(message));
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
