/**
 * Why a translation could not start, in the engine's words, with an Install button when a pack
 * would make it possible (./translate-errors.ts) and each stage's problem listed.
 */
import { errorMessage } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { InstallPackButton } from '../models/InstallPackButton.tsx';
import { translationPackNeeded, translationProblems } from './translate-errors.ts';

export function PackNeededAlert({ error, testId }: { error: unknown; testId: string }) {
  const pack = translationPackNeeded(error);
  const problems = translationProblems(error);
  return (
    <Alert
      tone={pack ? 'warn' : 'error'}
      title={pack ? 'This needs a pack' : undefined}
      testId={testId}
      action={pack ? <InstallPackButton packId={pack} testId={`${testId}-install`} /> : undefined}
    >
      {errorMessage(error)}
      {problems.length > 0 && (
        <ul data-testid={`${testId}-problems`}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
