/**
 * An error from the engine, with an Install button when the answer was "this needs a pack"
 * (503 model_not_installed names the exact pack in its details; docs/api/models.md).
 */
import { errorMessage, isApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { InstallPackButton } from './InstallPackButton.tsx';

/** The pack a failed call asks for, if it asked for one. */
export function packNeededBy(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'model_not_installed') return null;
  const install = error.body?.install;
  if (Array.isArray(install) && typeof install.at(-1) === 'string') return install.at(-1) as string;
  const pack = error.body?.pack;
  return typeof pack === 'string' ? pack : null;
}

export function PackErrorAlert({ error, testId }: { error: unknown; testId?: string }) {
  const pack = packNeededBy(error);
  return (
    <Alert
      tone={pack ? 'warn' : 'error'}
      testId={testId}
      action={pack ? <InstallPackButton packId={pack} /> : undefined}
    >
      {errorMessage(error)}
    </Alert>
  );
}
