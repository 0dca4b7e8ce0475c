/**
 * How the studio names a voice's kind. The embedded eSpeak NG voices are formant synthesis:
 * clear and fast but audibly synthetic, and the label says so plainly, so nobody picks one for
 * a book expecting a natural narrator. Pure; unit-tested in test/renderer/voices-labels.test.ts.
 */
import type { Voice, VoiceEngine, VoiceTier } from './voice-types.ts';

export interface TierLabel {
  label: string;
  /** The longer explanation (tooltip, screen readers). */
  detail: string;
  tone: 'neutral' | 'ok' | 'warn';
}

export function tierLabel(tier: VoiceTier): TierLabel {
  switch (tier) {
    case 'embedded':
      return {
        label: 'Built-in, synthetic',
        detail:
          'eSpeak NG, included with Tapehouse: formant synthesis in 100+ languages. Clear and fast, but it sounds synthetic. Install a neural voice pack for natural narration.',
        tone: 'neutral',
      };
    case 'neural':
      return {
        label: 'Neural',
        detail: 'A neural voice from an installed voice pack: natural narration, on this machine.',
        tone: 'ok',
      };
    default:
      return {
        label: 'Custom',
        detail: 'A voice made from your own recordings.',
        tone: 'warn',
      };
  }
}

const ENGINE_NAMES: Record<string, string> = {
  espeak: 'eSpeak NG',
  piper: 'Piper',
  kokoro: 'Kokoro',
};

export function engineName(engine: string): string {
  return ENGINE_NAMES[engine] ?? engine;
}

/** The engine filter's choices; the engine decides the tier (eSpeak NG embedded, others neural). */
export const ENGINE_FILTERS: readonly { value: VoiceEngine | ''; label: string }[] = [
  { value: '', label: 'All engines' },
  { value: 'espeak', label: 'Built-in (eSpeak NG, synthetic)' },
  { value: 'piper', label: 'Piper (neural)' },
  { value: 'kokoro', label: 'Kokoro (neural)' },
];

/** One line for a voice in a picker: "English (America) · built-in, synthetic". */
export function voiceOptionLabel(voice: Pick<Voice, 'name' | 'tier' | 'gender'>): string {
  const gender = voice.gender && voice.gender !== 'unknown' ? ` · ${voice.gender}` : '';
  return `${voice.name} · ${tierLabel(voice.tier).label.toLowerCase()}${gender}`;
}
