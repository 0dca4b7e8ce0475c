// @vitest-environment jsdom
// The shared voice picker (reader, narrator, cast, conversion): your own voices first (a designed
// voice such as Morag is one of them), then neural, built-in and character presets; search by
// name, slug or language; the automatic choice answers null; a voice the list does not hold
// stays shown by its number; "Hear" plays the chosen voice through the caller's player.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderStudio } from '../../test/render.tsx';
import type { PreviewPlayer } from './use-preview-player.ts';
import { VoicePicker } from './VoicePicker.tsx';
import { voiceOptions, type PickerVoice } from './voice-options.ts';

const VOICES: PickerVoice[] = [
  {
    id: 1,
    name: 'English (GB)',
    slug: 'en-gb',
    tier: 'embedded',
    engine: 'espeak',
    language: 'en-GB',
    gender: 'unknown',
    category: 'base',
  },
  {
    id: 2,
    name: 'Alba',
    slug: 'piper-alba',
    tier: 'neural',
    engine: 'piper',
    language: 'en-GB',
    gender: 'female',
    category: 'base',
  },
  {
    id: 3,
    name: 'Pirate',
    slug: 'en-gb-pirate',
    tier: 'embedded',
    engine: 'espeak',
    language: 'en-GB',
    gender: 'male',
    category: 'variant',
  },
  {
    id: 41,
    name: 'Morag',
    slug: 'morag',
    tier: 'custom',
    engine: 'espeak',
    language: 'en-GB',
    gender: 'female',
    category: 'designed',
  },
] as PickerVoice[];

function Harness({
  initial = null,
  automatic,
  preview,
}: {
  initial?: number | null;
  automatic?: string;
  preview?: PreviewPlayer;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <VoicePicker
        label="Voice"
        voices={VOICES}
        value={value}
        onChange={setValue}
        automatic={automatic}
        preview={preview}
        testId="voice"
      />
      <output data-testid="chosen">{value === null ? 'none' : String(value)}</output>
    </>
  );
}

describe('voiceOptions', () => {
  it('puts your own voices first, then neural, built-in and character presets', () => {
    const options = voiceOptions(VOICES, (code) => (code === 'en-GB' ? 'English (UK)' : code));
    expect(options.map((o) => [o.label, o.group])).toEqual([
      ['Morag', 'Your voices'],
      ['Alba', 'Neural voices'],
      ['English (GB)', 'Built-in voices'],
      ['Pirate', 'Character presets'],
    ]);
    expect(options[1]).toMatchObject({
      note: 'Neural',
      description: 'English (UK) · Piper · female',
    });
    expect(options[2]?.note).toBe('Built-in, synthetic');
  });
});

describe('VoicePicker', () => {
  it('finds a designed voice by its name and picks it', async () => {
    const user = userEvent.setup();
    renderStudio(<Harness />);
    await user.click(screen.getByRole('button', { name: /Voice/ }));
    await user.keyboard('mora');
    const list = screen.getByRole('listbox');
    const found = within(list).getAllByRole('option');
    expect(found.map((option) => option.textContent)).toEqual([expect.stringContaining('Morag')]);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('41');
    expect(screen.getByRole('button', { name: /Voice/ }).textContent).toContain('Morag');
  });

  it('offers the automatic choice first and answers null for it', async () => {
    const user = userEvent.setup();
    renderStudio(<Harness initial={2} automatic="Automatic (from the book)" />);
    await user.click(screen.getByRole('button', { name: /Voice/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]?.textContent).toContain('Automatic (from the book)');
    await user.click(options[0]!);
    expect(screen.getByTestId('chosen').textContent).toBe('none');
  });

  it('keeps a voice the list does not hold visible by its number', () => {
    renderStudio(<Harness initial={99} />);
    expect(screen.getByRole('button', { name: /Voice/ }).textContent).toContain('Voice #99');
  });

  it('plays the chosen voice with Hear, and only once one is chosen', async () => {
    const user = userEvent.setup();
    const toggle = vi.fn();
    const preview: PreviewPlayer = {
      state: { kind: 'idle' },
      audio: { current: null },
      toggle,
      currentId: null,
    };
    const none = renderStudio(<Harness preview={preview} />);
    expect(screen.getByTestId('voice-preview')).toHaveProperty('disabled', true);
    none.unmount();
    renderStudio(<Harness preview={preview} initial={41} />);
    await user.click(screen.getByTestId('voice-preview'));
    expect(toggle).toHaveBeenCalledWith({ id: 41 });
  });
});
