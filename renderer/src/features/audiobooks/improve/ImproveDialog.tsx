/**
 * Before the model pass starts: what it will read and how long it takes on this computer
 * (GET .../cast/detect/estimate), then Start (POST .../cast/detect?method=llm). With no language
 * model set up, the pack this computer is best served by is one Install click away
 * (GET /language-model `install`); the estimate is asked again once one is ready.
 */
import { useEffect } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../../data/contract-query.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Stack } from '../../../ui/Layout.tsx';
import { InstallPackButton } from '../../models/InstallPackButton.tsx';
import { PackErrorAlert } from '../../models/PackErrorAlert.tsx';
import { plural } from '../audiobook-format.ts';
import { BOOK_ROUTE, bookFamily } from '../book-queries.ts';
import { estimateWords } from './improve-words.ts';
import styles from './Improve.module.css';

export function ImproveDialog({
  projectId,
  onStarted,
  onClose,
}: {
  projectId: string;
  onStarted: (jobId: number) => void;
  onClose: () => void;
}) {
  const estimate = useContractQuery(`${BOOK_ROUTE}/cast/detect/estimate`, {
    params: { project_id: projectId },
  });
  const missing = estimate.data?.ready === false;
  const model = useContractQuery('/language-model', {}, { enabled: missing });
  const modelReady = model.data?.ready === true;
  const { refetch } = estimate;
  useEffect(() => {
    if (modelReady) void refetch();
  }, [modelReady, refetch]);
  const start = useContractMutation('post', `${BOOK_ROUTE}/cast/detect`, {
    invalidates: [bookFamily(projectId)],
    onSuccess: (answer) => {
      if (answer.job_id !== null) onStarted(Number(answer.job_id));
    },
  });
  const data = estimate.data;
  const recommended = model.data?.install.at(-1) ?? null;
  const canStart = data?.ready === true && data.lines > 0;

  return (
    <Dialog
      open
      title="Improve speakers with the language model"
      onClose={onClose}
      testId="improve-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
          <Button
            variant="primary"
            disabled={!canStart}
            busy={start.isPending}
            onClick={() =>
              start.mutate({ params: { project_id: projectId }, query: { method: 'llm' } })
            }
            testId="improve-start"
          >
            Start
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        <p className={styles.lead}>
          The quick pass finds speakers at once from clues such as “said Mary”. The language model
          then reads the dialogue again with the book’s characters and corrects who says each line,
          telling you how sure it is.
        </p>
        {estimate.isPending && (
          <p className="muted" role="status">
            Working out how long it takes…
          </p>
        )}
        {estimate.error && (
          <Alert tone="error">Could not work out the time: {errorMessage(estimate.error)}</Alert>
        )}
        {data?.ready && data.lines === 0 && (
          <Alert tone="info" testId="improve-nothing">
            This book has no dialogue for the language model to check.
          </Alert>
        )}
        {data?.ready && data.lines > 0 && (
          <div data-testid="improve-estimate">
            <p className={styles.lead}>
              {data.model ?? 'The language model'} reads {plural(data.lines, 'line')} of dialogue in{' '}
              {plural(data.passages, 'part')}. It takes{' '}
              <strong data-testid="improve-time">{estimateWords(data)}</strong>
            </p>
            <p className="muted small">
              You can keep working meanwhile and stop it at any time: the parts it finished keep
              their speakers. Speakers you set yourself stay as they are.
            </p>
          </div>
        )}
        {missing && (
          <Alert tone="warn" testId="improve-needs-model" title="No language model is set up yet">
            <Stack gap={2}>
              <span>
                Install one once; it runs on this computer and needs no internet afterwards.
              </span>
              {recommended && <InstallPackButton packId={recommended} testId="improve-install" />}
            </Stack>
          </Alert>
        )}
        {start.error && <PackErrorAlert error={start.error} testId="improve-error" />}
      </Stack>
    </Dialog>
  );
}
