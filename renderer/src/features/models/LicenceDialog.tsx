/**
 * Asked before a pack whose licence forbids commercial use is installed: what the licence says,
 * a link to read it, and an explicit "I accept". The engine refuses the install without it.
 */
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { Pack } from './use-model-packs.ts';

export function LicenceDialog({
  open,
  pack,
  onAccept,
  onCancel,
}: {
  open: boolean;
  pack: Pick<Pack, 'title' | 'licence' | 'licence_url'>;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      title="Non-commercial licence"
      onClose={onCancel}
      testId="licence-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onAccept} testId="licence-accept">
            I accept — install
          </Button>
        </>
      }
    >
      <p>
        “{pack.title}” is licensed for non-commercial use only ({pack.licence}). What you make with
        it may not be sold or used in commercial work.
      </p>
      {pack.licence_url && (
        <p>
          <ButtonLink variant="link" href={pack.licence_url} target="_blank" rel="noreferrer">
            Read the licence
          </ButtonLink>
        </p>
      )}
    </Dialog>
  );
}
