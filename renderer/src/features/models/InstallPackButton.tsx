/**
 * The one Install button for a pack, used wherever the studio finds a pack missing: it asks for
 * a non-commercial licence to be accepted first, starts the install (with what the pack needs),
 * shows its progress with bytes, speed and time left, and says plainly when it is done or why
 * it failed. Its size comes with it, so nobody starts a download blind.
 */
import { useState } from 'react';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { LicenceDialog } from './LicenceDialog.tsx';
import { useInstallPack } from './use-install-pack.ts';
import styles from './InstallPackButton.module.css';

export function InstallPackButton({
  packId,
  label,
  testId,
}: {
  packId: string;
  /** Default: "Install <title> (<size>)". */
  label?: string;
  testId?: string;
}) {
  const install = useInstallPack(packId);
  const [askLicence, setAskLicence] = useState(false);
  const pack = install.pack;
  const id = testId ?? `install-${packId}`;
  if (pack === null) return null;
  if (install.installed && !install.installing) {
    return (
      <span className={styles.note} data-testid={`${id}-done`}>
        “{pack.title}” is installed.
      </span>
    );
  }
  if (install.installing) {
    return (
      <Stack gap={2}>
        <div>
          <ProgressBar
            value={install.live.progress}
            label={`Installing ${pack.title}`}
            valueText={install.live.stage ?? 'starting'}
            indeterminate={install.live.status === 'queued' || install.live.status === null}
            testId={`${id}-progress`}
          />
        </div>
        <span className={styles.note} data-testid={`${id}-stage`}>
          {install.live.stage ?? 'Waiting to start'}
        </span>
      </Stack>
    );
  }
  const begin = (): void => {
    if (pack.non_commercial) setAskLicence(true);
    else void install.start(false);
  };
  return (
    <Stack gap={2}>
      <Button variant="primary" busy={install.busy} onClick={begin} testId={id}>
        {label ?? `Install “${pack.title}” (${formatBytes(pack.bytes)})`}
      </Button>
      {(install.failed !== null || install.error) && (
        <Alert tone="error" title="The pack was not installed" testId={`${id}-error`}>
          {install.error ?? friendlyFailure(install.failed ?? '')}
        </Alert>
      )}
      <LicenceDialog
        open={askLicence}
        pack={pack}
        onCancel={() => setAskLicence(false)}
        onAccept={() => {
          setAskLicence(false);
          void install.start(true);
        }}
      />
    </Stack>
  );
}

/** A failed install job in plain words; the engine's sentence stays available below it. */
function friendlyFailure(message: string): string {
  if (/does not match/.test(message))
    return 'A downloaded file was not the expected one, so nothing was installed. Try again; if it happens again, the download source may be damaged.';
  if (/not enough free disk space/i.test(message)) return message;
  if (/download of|could not be read/i.test(message))
    return 'The download did not complete. Check the internet connection and try again; what was already downloaded is kept.';
  return message;
}
