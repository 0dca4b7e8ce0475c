/**
 * Install-time assembly of an OpenVoice V2 conversion pack: the verified PyTorch checkpoint and
 * config in, `converter.onnx` and `tone-extractor.onnx` out (openvoice-graphs.ts), with their
 * sha256. Deterministic: the same checkpoint gives the same bytes on every machine, so the
 * assembled files' digests can be pinned and checked like downloaded ones.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { readStateDict } from '../../torch/torch-checkpoint.ts';
import { parseOpenVoiceConfig } from './openvoice-config.ts';
import { converterGraph, toneGraph } from './openvoice-graphs.ts';
import { CheckpointWeights } from './openvoice-weights.ts';

export interface AssembledFile {
  bytes: Uint8Array;
  sha256: string;
}

export interface OpenVoiceAssembly {
  converter: AssembledFile;
  toneExtractor: AssembledFile;
  /** Checkpoint tensors the graphs do not use (none for the published converter). */
  unused: string[];
}

function digest(bytes: Uint8Array): AssembledFile {
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** `checkpoint`: a path or the file's bytes; `configPath`: the converter's config.json. */
export function assembleOpenVoice(
  checkpoint: string | Buffer,
  configPath: string,
): OpenVoiceAssembly {
  const config = parseOpenVoiceConfig(JSON.parse(fs.readFileSync(configPath, 'utf8')));
  const weights = new CheckpointWeights(readStateDict(checkpoint));
  const converter = digest(converterGraph(config, weights));
  const toneExtractor = digest(toneGraph(config, weights));
  return { converter, toneExtractor, unused: weights.unused() };
}
