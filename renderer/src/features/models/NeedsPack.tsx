/**
 * What a tool page shows when the capability it needs is not ready: the engine's own sentence
 * and an Install button for the exact pack it recommends for this machine. Nothing when ready;
 * with `upgrade`, also the better pack a built-in capability could use.
 */
import { Alert } from '../../ui/Alert.tsx';
import { useCapability, type CapabilityId } from './capabilities.ts';
import { InstallPackButton } from './InstallPackButton.tsx';

export function NeedsPack({
  capability,
  upgrade = false,
}: {
  capability: CapabilityId;
  upgrade?: boolean;
}) {
  const status = useCapability(capability);
  if (status === null) return null;
  if (status.status === 'needs_configuration') {
    return (
      <Alert tone="warn" title={status.title} testId={`needs-${capability}`}>
        {status.message}
      </Alert>
    );
  }
  const pack = status.recommended;
  if (pack === null || (status.status === 'ready' && !upgrade)) return null;
  const target = status.install.at(-1) ?? pack.id;
  return (
    <Alert
      tone={status.status === 'ready' ? 'info' : 'warn'}
      title={status.title}
      testId={`needs-${capability}`}
      action={<InstallPackButton packId={target} />}
    >
      {status.message}
    </Alert>
  );
}

/** The Install button for what a capability needs on this computer (nothing when none). */
export function InstallForCapability({
  capability,
  testId,
}: {
  capability: CapabilityId;
  testId?: string;
}) {
  const status = useCapability(capability);
  const target = status?.install.at(-1) ?? status?.recommended?.id;
  if (!target) return null;
  return <InstallPackButton packId={target} {...(testId !== undefined && { testId })} />;
}
