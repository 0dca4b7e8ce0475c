// @vitest-environment jsdom
// The design system's form: submitting by the button or by Enter in a field reaches the handler
// and never lets the browser navigate (a native submit reloads the studio and loses the page; the
// Reader's Narrate did, because its handler did not prevent it).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from '../test/render.tsx';
import { Button } from './Button.tsx';
import { Form, TextField } from './Field.tsx';

function Narrate({ seen }: { seen: boolean[] }) {
  const [url, setUrl] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Form
      onSubmit={(event) => {
        seen.push(event.defaultPrevented);
        setSent(url);
      }}
    >
      <TextField
        label="Article address"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <Button type="submit">Narrate</Button>
      <output>{sent ?? 'nothing sent'}</output>
    </Form>
  );
}

describe('Form', () => {
  it('hands a submit to its handler with the navigation already prevented', async () => {
    const user = userEvent.setup();
    const seen: boolean[] = [];
    renderStudio(<Narrate seen={seen} />);
    await user.type(screen.getByLabelText('Article address'), 'http://example.test/a');
    await user.click(screen.getByRole('button', { name: 'Narrate' }));
    expect(screen.getByRole('status').textContent).toBe('http://example.test/a');
    await user.type(screen.getByLabelText('Article address'), 'b{Enter}');
    expect(screen.getByRole('status').textContent).toBe('http://example.test/ab');
    expect(seen).toEqual([true, true]);
  });
});
