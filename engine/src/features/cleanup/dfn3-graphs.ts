/**
 * How the DeepFilterNet3 pack's three graphs are loaded: each through a derivation
 * (inference/onnx-recurrent-state.ts) that exposes its GRU states and hands the time history of
 * its causal input convolutions to the caller, so dfn3-stream.ts can run them block after block
 * with exactly the one-pass result. The pads removed are the ones on the encoder's two feature
 * inputs (conv_kernel_inp: 3 frames) and on the deep-filter decoder's c0 input
 * (df_pathway_kernel_size_t: 5 frames); the ERB decoder's convolutions see one frame each.
 */
import { exposeRecurrentState } from '../../inference/onnx-recurrent-state.ts';
import type { ModelDerivation } from '../../inference/session-cache.ts';

export const DFN3_STREAMING: Record<'enc' | 'erbDec' | 'dfDec', ModelDerivation> = {
  enc: {
    key: 'dfn3-enc-carried-state',
    transform: (bytes) => exposeRecurrentState(bytes, { historyInputs: ['feat_erb', 'feat_spec'] }),
  },
  erbDec: {
    key: 'dfn3-erb-dec-carried-state',
    transform: (bytes) => exposeRecurrentState(bytes),
  },
  dfDec: {
    key: 'dfn3-df-dec-carried-state',
    transform: (bytes) => exposeRecurrentState(bytes, { historyInputs: ['c0'] }),
  },
};
