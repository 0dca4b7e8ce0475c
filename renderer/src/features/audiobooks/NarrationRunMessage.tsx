/**
 * What a narration control shows after its request: the estimate of what was started, the
 * inline rights prompt (RIGHTS_NOT_ATTESTED), or the engine's refusal in its own words. An
 * `empty_selection` refusal (everything chosen already has audio) is said in the studio's words
 * (the engine's names the API field) and offers to narrate it again.
 */
import type { ReactNode } from 'react';
import { useBookNarration } from './book-narration-context.tsx';
import { RightsPrompt } from './RightsPrompt.tsx';
import type { NarrationRun } from './use-narration-run.ts';
import bookFrameStyles from './BookFrame.module.css';
import narrationStyles from './Narration.module.css';
import { Button } from '../../ui/Button.tsx';

export function NarrationRunMessage<T>({
  run,
  describe,
  testId,
  onIncludeCompleted,
}: {
  run: NarrationRun<T>;
  describe: (result: T) => ReactNode;
  testId: string;
  /** Offered when the engine answered empty_selection. */
  onIncludeCompleted?: () => void;
}) {
  const { project } = useBookNarration();
  const { state } = run;
  if (state.kind === 'needs-rights') {
    return (
      <RightsPrompt
        title={project.title}
        author={project.author}
        attesting={state.attesting}
        error={state.error}
        onAttest={() => void run.attestAndRetry()}
        onDismiss={run.dismiss}
      />
    );
  }
  if (state.kind === 'done') {
    return (
      <p className={narrationStyles.runResult} role="status" data-testid={testId}>
        {describe(state.result)}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className={narrationStyles.runError} role="alert" data-testid={`${testId}-error`}>
        <span className={bookFrameStyles.errorText}>
          {state.code === 'empty_selection'
            ? 'Nothing to narrate: every chosen paragraph already has audio, is locked, or is skipped.'
            : state.message}
        </span>
        {state.code === 'empty_selection' && onIncludeCompleted && (
          <Button size="sm" onClick={onIncludeCompleted} testId={`${testId}-again`}>
            Narrate them again as new takes (old takes are kept)
          </Button>
        )}
      </div>
    );
  }
  return null;
}
