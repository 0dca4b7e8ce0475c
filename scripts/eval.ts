/**
 * `npm run eval -- <name>`: quality numbers on the real data in TAPEHOUSE_DATA_DIR (CI:
 * ../shared/data). Each capability registers its eval here when it lands (manuscripts, midi,
 * denoise, stems); an unknown name lists what exists and exits 2.
 */
import { runAlignmentEval } from './eval/alignment.ts';
import { runAttributionEval } from './eval/attribution.ts';
import { runAttributionLlmEval } from './eval/attribution-llm.ts';
import { runAsrEval } from './eval/asr.ts';
import { runChapterEval } from './eval/chapters.ts';
import { runStemsEval } from './eval/stems.ts';
import { runDenoiseEval } from './eval/denoise.ts';
import { runDiarizationEval } from './eval/diarization.ts';
import { runMidiEval } from './eval/midi.ts';
import { runOpenVoiceGraphEval } from './eval/openvoice-graph.ts';
import { runTranslationEval } from './eval/translation.ts';
import { runVoicesEval } from './eval/voices.ts';

type Evaluation = { about: string; run: (dataDir: string) => Promise<void> };

const evaluations: Record<string, Evaluation> = {
  manuscripts: {
    about:
      'chapter detection and front matter on books/, then speaker attribution on dialogue_annotations/',
    run: async (dataDir) => {
      await runChapterEval(dataDir);
      await runAttributionEval(dataDir);
    },
  },
  chapters: {
    about: 'chapter counts and front matter left in narration, per book',
    run: runChapterEval,
  },
  denoise: {
    about: 'SI-SDR and DNSMOS before/after per engine on the noise/ clean-noisy pairs',
    run: runDenoiseEval,
  },
  stems: {
    about: 'SDR per stem for each installed separation engine on the Slakh excerpt, vs the mix',
    run: runStemsEval,
  },
  attribution: {
    about:
      'heuristic speaker attribution precision/recall per corpus; --llm: the language model pass too (skips loudly without a model)',
    run: (dataDir) =>
      process.argv.includes('--llm') ? runAttributionLlmEval(dataDir) : runAttributionEval(dataDir),
  },
  alignment: {
    about:
      'word-boundary error (median, p90) of eSpeak+DTW alignment on speech/picovoice_multilingual',
    run: runAlignmentEval,
  },
  asr: {
    about:
      'WER per clip, per corpus and overall for every installed Whisper pack (says loudly which are missing)',
    run: runAsrEval,
  },
  diarization: {
    about:
      'DER of the installed speaker-diarization pack on a 3-reader LibriSpeech conversation (skips loudly without it)',
    run: runDiarizationEval,
  },
  midi: {
    about: 'Basic Pitch note precision/recall/F1 (onset ±50 ms) per file of music/ with MIDI truth',
    run: runMidiEval,
  },
  translation: {
    about:
      'chrF and BLEU per pair on translation/<src>-<tgt>.tsv with the pack the engine picks (says which packs and sets are missing)',
    run: runTranslationEval,
  },
  'openvoice-graph': {
    about:
      'the OpenVoice V2 graph template vs OpenVoice’s PyTorch code on a random checkpoint (needs TAPEHOUSE_OPENVOICE_REFERENCE)',
    run: runOpenVoiceGraphEval,
  },
  voices: {
    about:
      'cloned voices per installed cloning pack: speaker similarity vs own sample and impostors, WER, RTF (says loudly what is missing)',
    run: runVoicesEval,
  },
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const dataDir = process.env.TAPEHOUSE_DATA_DIR;
const available = Object.entries(evaluations);
if (requested.length === 0 || requested.some((name) => !(name in evaluations))) {
  console.error(
    requested.length === 0
      ? 'usage: npm run eval -- <name>'
      : `unknown eval: ${requested.join(', ')}`,
  );
  console.error(
    available.length === 0 ? 'No evaluations are registered in this build yet.' : 'Available:',
  );
  for (const [name, { about }] of available) console.error(`  ${name.padEnd(12)} ${about}`);
  process.exit(2);
}
if (!dataDir) {
  console.error(
    'TAPEHOUSE_DATA_DIR is not set (point it at the evaluation data, e.g. ../shared/data).',
  );
  process.exit(2);
}
for (const name of requested) await evaluations[name]?.run(dataDir);
