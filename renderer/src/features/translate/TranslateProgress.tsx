/**
 * A translation at work: every stage in order (done, the one running, those waiting, one that
 * failed) with the live percent from its job, and the reason and a Retry button when it failed.
 */
import type { LiveJob } from '../../data/use-job.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { isRunning, stageWords, type SpeechTranslation } from './translate-types.ts';
import styles from './Translate.module.css';

type StageState = 'done' | 'running' | 'waiting' | 'failed';

const BADGE: Record<StageState, { tone: 'ok' | 'info' | 'neutral' | 'error'; text: string }> = {
  done: { tone: 'ok', text: 'Done' },
  running: { tone: 'info', text: 'Working' },
  waiting: { tone: 'neutral', text: 'Waiting' },
  failed: { tone: 'error', text: 'Failed' },
};

/** Each stage's state, the live job's stage taking precedence over the record read at start. */
function stageStates(translation: SpeechTranslation, live: LiveJob): [string, StageState][] {
  const current = !live.finished && live.stage ? live.stage : null;
  let passed = current !== null;
  return translation.stages.map((stage) => {
    if (current === null) return [stage.name, stage.status];
    if (stage.name === current) {
      passed = false;
      return [stage.name, 'running'];
    }
    return [stage.name, passed || stage.status === 'done' ? 'done' : 'waiting'];
  });
}

export function TranslateProgress({
  translation,
  live,
  retrying,
  onRetry,
}: {
  translation: SpeechTranslation;
  live: LiveJob;
  retrying: boolean;
  onRetry: () => void;
}) {
  const running = isRunning(translation) && !live.finished;
  const failed = translation.status === 'FAILED';
  const percent = running ? live.progress : translation.progress;
  return (
    <Card title={`Translating “${translation.display_name}”`} testId="translate-job">
      {running && (
        <>
          <ProgressBar
            value={percent}
            label="Translation progress"
            indeterminate={live.status === 'queued' || live.job === null}
            testId="translate-progress"
          />
          <p className="muted small" data-testid="translate-status">
            {live.status === 'queued' || live.job === null
              ? 'Waiting to start'
              : `${stageWords(live.stage)} · ${Math.round(percent)} %`}
          </p>
        </>
      )}
      <ol className={styles.stages} data-testid="translate-stages">
        {stageStates(translation, live).map(([name, state]) => (
          <li key={name} data-testid={`translate-stage-${name}`} data-state={state}>
            <span>{stageWords(name)}</span>
            <Badge tone={BADGE[state].tone}>{BADGE[state].text}</Badge>
          </li>
        ))}
      </ol>
      {failed && (
        <Alert
          tone="error"
          testId="translate-failed"
          action={
            <Button busy={retrying} icon="refresh" onClick={onRetry} testId="translate-retry">
              Try again
            </Button>
          }
        >
          The translation failed{translation.error_message ? `: ${translation.error_message}` : '.'}{' '}
          Trying again picks up after the last step that finished.
        </Alert>
      )}
    </Card>
  );
}
