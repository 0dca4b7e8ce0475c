// @vitest-environment jsdom
// The dialog returns focus to what opened it (issue: focus dropped to the page body), also when
// the opener is gone, and closes on Escape through its owner's state.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from '../test/render.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

function Opener({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {!gone && <Button onClick={() => setOpen(true)}>Export</Button>}
      <Dialog
        open={open}
        title="Export for ACX"
        onClose={() => {
          setOpen(false);
          if (removeOpenerOnClose) setGone(true);
        }}
        actions={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <p>Settings</p>
      </Dialog>
    </main>
  );
}

describe('Dialog', () => {
  it('gives focus back to its opener when closed by a button', async () => {
    const user = userEvent.setup();
    renderStudio(<Opener />);
    const opener = screen.getByRole('button', { name: 'Export' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Export for ACX' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape through its owner and returns focus', async () => {
    const user = userEvent.setup();
    renderStudio(<Opener />);
    const opener = screen.getByRole('button', { name: 'Export' });
    await user.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('falls back to the main region when the opener is gone', async () => {
    const user = userEvent.setup();
    renderStudio(<Opener removeOpenerOnClose />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(document.activeElement?.id).toBe('main');
  });
});
