/**
 * `npm run eval -- asr`: WER per clip and DER on a multi-speaker clip, when a Whisper pack is
 * installed. This build has no Whisper weights (none reachable from here), so it says so loudly
 * and exits 0 without numbers.
 */
import { loadConfig } from '../../engine/src/config.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { resolveAsr } from '../../engine/src/features/speech/transcription/asr-packs.ts';

export async function runAsrEval(_dataDir: string): Promise<void> {
  const config = loadConfig(process.env, {});
  try {
    resolveAsr(new ModelRegistry(config));
  } catch (error) {
    console.log('');
    console.log('=====================================================================');
    console.log(' asr: SKIPPED — no Whisper pack is installed on this machine.');
    console.log(` ${(error as Error).message}`);
    console.log(' WER/DER need real weights; see docs/api/transcription.md, "Model packs".');
    console.log('=====================================================================');
    return;
  }
  console.log(
    'asr: a Whisper pack is installed, but the WER/DER runner is not written yet (docs/api/transcription.md, "Not done").',
  );
  await Promise.resolve();
}
