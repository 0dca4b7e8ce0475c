// @vitest-environment jsdom
// The searchable select: opens on the keyboard, filters as you type (words and keywords, any
// case or accent), picks with Enter, skips greyed options, and Escape returns to the button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from '../test/render.tsx';
import { Select, type SelectOption } from './Select.tsx';

const VOICES: SelectOption<string>[] = [
  { value: '1', label: 'Alba', group: 'Piper', keywords: ['en-gb'] },
  { value: '2', label: 'Morag', group: 'Designed', keywords: ['custom', 'en-gb'] },
  { value: '3', label: 'Émile', group: 'eSpeak', keywords: ['fr'] },
  { value: '4', label: 'Kokoro Bella', group: 'Kokoro', disabled: true, note: 'install…' },
  ...['a', 'b', 'c', 'd', 'e', 'f'].map((v) => ({ value: v, label: `Voice ${v}` })),
];

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select label="Voice" options={VOICES} value={value} onChange={setValue} testId="voice" />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('Select', () => {
  it('filters by what is typed and picks with Enter', async () => {
    const user = userEvent.setup();
    renderStudio(<Picker />);
    const button = screen.getByRole('button', { name: /Voice/ });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('mor');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Morag']);
    await user.keyboard('{Enter}');
    expect(document.querySelector('output')?.textContent).toBe('2');
    expect(button.getAttribute('data-value')).toBe('2');
    expect(document.activeElement).toBe(button);
  });

  it('matches keywords and ignores accents', async () => {
    const user = userEvent.setup();
    renderStudio(<Picker />);
    await user.click(screen.getByRole('button', { name: /Voice/ }));
    await user.keyboard('emile');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Émile']);
    await user.clear(screen.getByRole('combobox'));
    await user.keyboard('en gb');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-value'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('never picks a greyed option and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderStudio(<Picker />);
    await user.click(screen.getByRole('button', { name: /Voice/ }));
    await user.keyboard('bella');
    const bella = screen.getByRole('option', { name: /Kokoro Bella/ });
    expect(bella.getAttribute('aria-disabled')).toBe('true');
    await user.click(bella);
    expect(document.querySelector('output')?.textContent).toBe('none');
    await user.keyboard('zz');
    expect(screen.getByText(/Nothing matches/)).toBeTruthy();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderStudio(<Picker />);
    const button = screen.getByRole('button', { name: /Voice/ });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
