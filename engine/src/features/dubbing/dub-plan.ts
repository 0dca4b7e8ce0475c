/**
 * What the installed packs can do for a source → target pair, and why not when they cannot
 * (docs/api/speech-translation.md, "What runs"). Asked before a translation is created (a
 * combination they cannot do is a 400 with the reasons, nothing charged), by the languages
 * route, and again by the job when it starts each stage.
 *
 * - recognition: a Whisper pack, Silero VAD and the diarization pack (speech area);
 * - translation: the text translator's plan for the pair; with the source still to be detected,
 *   an installed pack that writes the target;
 * - speech: a cloning pack that speaks the target (each speaker cloned from their own
 *   segments), else a catalog voice of the target language (eSpeak NG speaks every one of the
 *   21), converted to the speaker's timbre when a conversion pack is installed;
 * - separation: always possible (the embedded DSP separator is the floor).
 */
import { isAppError } from '../../errors.ts';
import { speechSeparator } from '../music/index.ts';
import type { DubbingDeps } from './dubbing-deps.ts';
import { languageName } from './dub-languages.ts';

export type ProblemStage = 'recognition' | 'translation' | 'speech';

export interface PlanProblem {
  stage: ProblemStage;
  /** Machine-readable: `pack_not_installed`, `unsupported_pair`, `no_voice`, `same_language`. */
  reason: string;
  message: string;
  /** The pack that would fix it (the studio shows an Install button for it), or null. */
  pack: string | null;
}

export type SpeechPlan =
  | { method: 'clone'; pack: string }
  | { method: 'catalog'; voice: string; conversion: string | null };

export interface DubPlan {
  source: string | null;
  target: string;
  recognition: { pack: string } | null;
  /** null while the source is still to be detected (then `into` lists packs writing the target). */
  translation: { engine: string; packs: string[] } | null;
  speech: SpeechPlan | null;
  separation: { engine: string; tier: 'neural' | 'dsp'; title: string };
  problems: PlanProblem[];
}

function problemOf(stage: ProblemStage, error: unknown): PlanProblem {
  if (!isAppError(error)) throw error;
  const details = error.details ?? {};
  const pack = typeof details.pack === 'string' ? details.pack : null;
  const reason =
    error.code === 'model_not_installed'
      ? 'pack_not_installed'
      : typeof details.reason === 'string'
        ? details.reason
        : 'unsupported';
  return { stage, reason, message: error.message, pack };
}

/** The speech stage's plan: a clone where a pack speaks the target, else a catalog voice. */
export function speechPlan(
  deps: Pick<DubbingDeps, 'voices'>,
  source: string | null,
  target: string,
): SpeechPlan | PlanProblem {
  const clone = deps.voices.prompts.packFor(target, source);
  if (clone) return { method: 'clone', pack: clone.id };
  const voice = deps.voices.distinctVoices(target, { count: 1 })[0];
  if (voice)
    return { method: 'catalog', voice: voice.name, conversion: deps.voices.timbre.installed() };
  const packs = deps.voices.prompts.packsFor(target);
  return {
    stage: 'speech',
    reason: packs.length > 0 ? 'pack_not_installed' : 'no_voice',
    message:
      packs.length > 0
        ? `Speaking ${languageName(target)} needs the “${packs[0]?.title ?? ''}” pack, which is not installed. Install it on the Models page.`
        : `No voice on this machine speaks ${languageName(target)}.`,
    pack: packs[0]?.id ?? null,
  };
}

export function planDub(deps: DubbingDeps, source: string | null, target: string): DubPlan {
  const problems: PlanProblem[] = [];
  let recognition: DubPlan['recognition'] = null;
  try {
    recognition = deps.recognizer.check();
  } catch (error) {
    problems.push(problemOf('recognition', error));
  }
  let translation: DubPlan['translation'] = null;
  if (source === target) {
    problems.push({
      stage: 'translation',
      reason: 'same_language',
      message: `The recording is already in ${languageName(target)}: choose another target language.`,
      pack: null,
    });
  } else if (source !== null) {
    try {
      const plan = deps.translator.plan(source, target);
      translation = { engine: plan.engine, packs: plan.steps.map((s) => s.packId) };
    } catch (error) {
      problems.push(problemOf('translation', error));
    }
  } else {
    const into = deps.translator.into(target);
    if (into.installed.length === 0)
      problems.push({
        stage: 'translation',
        reason: into.suggested ? 'pack_not_installed' : 'unsupported_pair',
        message: into.suggested
          ? `Translating into ${languageName(target)} needs a translation pack, and none that writes it is installed. Install it on the Models page.`
          : `No translation model this engine knows writes ${languageName(target)}.`,
        pack: into.suggested,
      });
  }
  const speech = speechPlan(deps, source, target);
  if ('stage' in speech) problems.push(speech);
  return {
    source,
    target,
    recognition,
    translation,
    speech: 'stage' in speech ? null : speech,
    separation: speechSeparator(deps.music),
    problems,
  };
}
