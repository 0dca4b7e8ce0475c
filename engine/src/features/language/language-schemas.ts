/** Wire shapes of the language model's routes (docs/api/language-model.md). Imports only zod. */
import { z } from 'zod';

const SOURCES = ['auto', 'pack', 'file', 'url', 'off'] as const;
const GPUS = ['auto', 'off', 'cuda', 'vulkan', 'metal'] as const;

export const languageModelStatusSchema = z
  .object({
    preference: z
      .enum(SOURCES)
      .describe(
        'What the owner chose: auto (their model file, else their chat server, else the best installed pack), pack, file, url, or off.',
      ),
    source: z
      .enum(['pack', 'file', 'url'])
      .nullable()
      .describe('What answers now; null when nothing can.'),
    ready: z.boolean(),
    name: z.string().nullable().describe('The model in plain words, e.g. "Qwen3 4B Instruct".'),
    message: z.string().describe('One plain-language sentence for the studio.'),
    pack_id: z.string().nullable().describe('The installed pack that answers (source pack).'),
    preferred_pack: z.string().nullable().describe('The pack chosen when several are installed.'),
    model_file: z.string().nullable().describe('The owner’s GGUF file (TAPEHOUSE_LLM_GGUF).'),
    url: z.string().nullable().describe('The owner’s chat server (TAPEHOUSE_LLM_URL).'),
    loaded: z.boolean().describe('The embedded model is in memory now.'),
    memory_bytes: z
      .number()
      .int()
      .nullable()
      .describe('Memory the model process holds now (null when none is loaded).'),
    gpu: z.string().nullable().describe('The GPU kind it runs on (cuda, vulkan, metal), or null.'),
    gpu_setting: z.enum(GPUS),
    context_tokens: z.number().int().describe('Tokens one request may use (prompt and answer).'),
    idle_unload_seconds: z.number().int().describe('Unloaded after this long unused (0: never).'),
    speed: z.object({
      prompt_tokens_per_second: z.number(),
      output_tokens_per_second: z.number(),
      measured: z.boolean().describe('false: guessed from the model size and this machine.'),
    }),
    packs: z
      .array(
        z.object({
          id: z.string(),
          title: z.string(),
          bytes: z.number().int(),
          ready: z.boolean(),
          recommended: z.boolean().describe('The pack this machine is best served by.'),
        }),
      )
      .describe('Every language-model pack this version offers.'),
    install: z
      .array(z.string())
      .describe('What one Install click installs when no model is set up (else empty).'),
    last_problem: z
      .string()
      .nullable()
      .describe('Why the model process last stopped on its own, if it did.'),
  })
  .meta({ id: 'LanguageModelStatus' });

export const languageModelUpdateSchema = z
  .object({
    source: z.enum(SOURCES).optional(),
    pack_id: z.string().max(100).nullable().optional(),
    model_file: z.string().max(4096).nullable().optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional(),
    gpu: z.enum(GPUS).optional(),
    context_tokens: z.number().int().min(512).max(262_144).optional(),
    idle_unload_seconds: z.number().int().min(0).max(86_400).optional(),
  })
  .strict();
export type LanguageModelUpdate = z.infer<typeof languageModelUpdateSchema>;
