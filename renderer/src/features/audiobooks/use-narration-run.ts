/**
 * Runs one narration request (book, chapter, paragraph, again) for a control, with the state it
 * shows. A 400 RIGHTS_NOT_ATTESTED does not end as an error line: the request is kept and the
 * control offers the attestation in place; once recorded, the same request is sent again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { audiobookErrorText } from './audiobook-format.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';

export type RunState<T> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'needs-rights'; attesting: boolean; error: string | null }
  | { kind: 'done'; result: T }
  | { kind: 'error'; message: string; code: string | null };

export interface NarrationRun<T> {
  state: RunState<T>;
  run: (action: () => Promise<T>) => Promise<void>;
  /** Records the attestation, then sends the refused request again. */
  attestAndRetry: () => Promise<void>;
  dismiss: () => void;
}

export function useNarrationRun<T>(onDone?: (result: T) => void): NarrationRun<T> {
  const { project, feed } = useBookNarration();
  const attest = useContractMutation('post', `${BOOK_ROUTE}/rights-attestation`, {
    invalidates: [bookFamily(project.id)],
  });
  const [state, setState] = useState<RunState<T>>({ kind: 'idle' });
  const pending = useRef<(() => Promise<T>) | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  const run = useCallback(
    async (action: () => Promise<T>) => {
      setState({ kind: 'busy' });
      try {
        const result = await action();
        pending.current = null;
        setState({ kind: 'done', result });
        feed.refresh();
        done.current?.(result);
      } catch (caught) {
        if (isApiError(caught) && caught.code === 'RIGHTS_NOT_ATTESTED') {
          pending.current = action;
          setState({ kind: 'needs-rights', attesting: false, error: null });
          return;
        }
        setState({
          kind: 'error',
          message: audiobookErrorText(caught),
          code: isApiError(caught) ? caught.code : null,
        });
      }
    },
    [feed],
  );

  const attestAndRetry = useCallback(async () => {
    const action = pending.current;
    setState({ kind: 'needs-rights', attesting: true, error: null });
    try {
      await attest.mutateAsync({ params: { project_id: project.id } });
    } catch (caught) {
      setState({ kind: 'needs-rights', attesting: false, error: audiobookErrorText(caught) });
      return;
    }
    if (action) await run(action);
    else setState({ kind: 'idle' });
  }, [attest, project.id, run]);

  const dismiss = useCallback(() => {
    pending.current = null;
    setState({ kind: 'idle' });
  }, []);

  return { state, run, attestAndRetry, dismiss };
}
