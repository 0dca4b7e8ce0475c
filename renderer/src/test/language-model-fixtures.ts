/**
 * The language model as the engine answers GET /language-model and a language-model pack's
 * GET /model-packs/{pack_id}, for component tests; typed by the contract, so a drifting fixture
 * fails the typecheck.
 */
import type { ResponseOf } from '../api/contract.ts';

export type Status = ResponseOf<'get', '/language-model'>;
export type PackView = ResponseOf<'get', '/model-packs/{pack_id}'>;

export const PACKS: Status['packs'] = [
  {
    id: 'qwen3-4b-instruct-2507-q4km',
    title: 'Qwen3 4B Instruct',
    bytes: 2_497_280_256,
    ready: true,
    recommended: true,
  },
  {
    id: 'qwen2.5-1.5b-instruct-q4km',
    title: 'Qwen2.5 1.5B Instruct',
    bytes: 1_117_320_736,
    ready: true,
    recommended: false,
  },
  {
    id: 'qwen3-8b-q4km',
    title: 'Qwen3 8B',
    bytes: 5_027_783_488,
    ready: false,
    recommended: false,
  },
];

export function status(extra: Partial<Status> = {}): Status {
  return {
    preference: 'auto',
    source: 'pack',
    ready: true,
    name: 'Qwen3 4B Instruct',
    message: 'Qwen3 4B Instruct answers, on this computer.',
    pack_id: 'qwen3-4b-instruct-2507-q4km',
    preferred_pack: null,
    model_file: null,
    url: null,
    loaded: true,
    memory_bytes: 3_100_000_000,
    gpu: null,
    gpu_setting: 'auto',
    context_tokens: 4096,
    idle_unload_seconds: 300,
    speed: { prompt_tokens_per_second: 120, output_tokens_per_second: 8, measured: true },
    packs: PACKS,
    install: [],
    last_problem: null,
    ...extra,
  };
}

export function packView(id: string, title: string, bytes: number): PackView {
  return {
    id,
    task: 'llm',
    capability: 'language-model',
    title,
    purpose: `${title} reads and writes books.`,
    description: '',
    version: '1.0.0',
    licence: 'Apache-2.0',
    licence_url: null,
    non_commercial: false,
    licence_accepted_at: null,
    requires: [],
    bytes,
    state: 'not_installed',
    installed_version: null,
    in_models_dir: false,
    ready: false,
    removable: false,
    install_job_id: null,
    verification: [],
    last_verified: null,
  };
}
