/**
 * A voice list as picker options: grouped (your own voices, neural, built-in, character
 * presets), searchable by name, API name, language, engine and gender, each saying what kind of
 * voice it is. Pure; unit-tested in the VoicePicker's component test.
 */
import type { SelectOption } from '../../ui/Select.tsx';
import { engineName, tierLabel } from './voice-labels.ts';
import type { Voice } from './voice-types.ts';

export type PickerVoice = Pick<
  Voice,
  'id' | 'name' | 'slug' | 'tier' | 'engine' | 'language' | 'gender' | 'category'
>;

const GROUPS = ['Your voices', 'Neural voices', 'Built-in voices', 'Character presets'] as const;

export function voiceGroup(voice: PickerVoice): (typeof GROUPS)[number] {
  if (voice.tier === 'custom') return 'Your voices';
  if (voice.tier === 'neural') return 'Neural voices';
  return voice.category === 'variant' ? 'Character presets' : 'Built-in voices';
}

export function voiceOptions(
  voices: readonly PickerVoice[],
  languageName: (code: string) => string = (code) => code,
): SelectOption<string>[] {
  const rank = (voice: PickerVoice) => GROUPS.indexOf(voiceGroup(voice));
  return voices
    .map((voice, index) => ({ voice, index }))
    .sort((a, b) => rank(a.voice) - rank(b.voice) || a.index - b.index)
    .map(({ voice }) => {
      const gender = voice.gender && voice.gender !== 'unknown' ? ` · ${voice.gender}` : '';
      return {
        value: String(voice.id),
        label: voice.name,
        note: tierLabel(voice.tier).label,
        description: `${languageName(voice.language)} · ${engineName(voice.engine)}${gender}`,
        keywords: [voice.slug, voice.language, voice.engine, voice.gender, String(voice.id)],
        group: voiceGroup(voice),
      };
    });
}
