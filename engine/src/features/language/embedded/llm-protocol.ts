/**
 * Messages between the engine and the language-model process (llm-child.ts). Every request
 * carries an id; the child answers it once (`loaded`, `counted`, `answer` or `failed`) and may
 * send `progress` for it before. `cancel` asks the child to stop a request between tokens.
 */

/** A JSON Schema in the subset node-llama-cpp turns into a grammar (docs/api/language-model.md). */
export type JsonSchema = { [key: string]: JsonSchemaValue };
export type JsonSchemaValue =
  string | number | boolean | null | JsonSchemaValue[] | { [key: string]: JsonSchemaValue };

export interface LoadOptions {
  modelPath: string;
  gpu: 'auto' | false | 'cuda' | 'vulkan' | 'metal';
  /** Most context tokens wanted; the child takes less when memory does not allow it. */
  contextTokens: number;
  /** 0: node-llama-cpp's choice. */
  threads: number;
}

export interface LoadedInfo {
  /** The context the model got (≤ the tokens asked for). */
  contextTokens: number;
  trainContextTokens: number;
  /** The GPU kind in use, or false for the CPU. */
  gpu: string | false;
  gpuLayers: number;
  /** Bytes of the model's weights. */
  modelBytes: number;
  /** The model's own name from its metadata, if it has one. */
  name: string | null;
  /** The chat format node-llama-cpp chose from the model's template. */
  chatFormat: string;
}

export interface GenerateRequest {
  system: string;
  prompt: string;
  /** null: free text; else the answer is constrained to this schema. */
  schema: JsonSchema | null;
  maxTokens: number;
  temperature: number;
}

export type ToChild =
  | ({ type: 'load'; id: number } & LoadOptions)
  | { type: 'count'; id: number; texts: string[] }
  | ({ type: 'generate'; id: number } & GenerateRequest)
  | { type: 'cancel'; id: number }
  | { type: 'memory'; id: number };

export type FailureKind = 'cancelled' | 'memory' | 'incomplete' | 'failed';

export type FromChild =
  | { type: 'ready' }
  | { type: 'loaded'; id: number; info: LoadedInfo }
  | { type: 'counted'; id: number; counts: number[] }
  | { type: 'progress'; id: number; tokens: number }
  | {
      type: 'answer';
      id: number;
      text: string;
      promptTokens: number;
      outputTokens: number;
      promptMs: number;
      outputMs: number;
    }
  | { type: 'memory'; id: number; rssBytes: number }
  | {
      type: 'failed';
      id: number;
      kind: FailureKind;
      message: string;
      /** `incomplete`: what the model wrote before it ran out of tokens. */
      partial?: string;
    };
