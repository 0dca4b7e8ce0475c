/**
 * First-run setup (docs/api/models.md, "First-run setup"): "What will you do here?", then the
 * packs that make it work on this computer (chosen by the engine for its cores, memory and
 * graphics card), with their sizes, licences and the free disk, installed with one click and
 * followed to the end. Shown on Home until finished or put off; always at Settings › Setup.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Cluster, Stack } from '../../ui/Layout.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { LicenceDialog } from '../models/LicenceDialog.tsx';
import { hrefFor } from '../shell/router.ts';
import styles from './SetupPanel.module.css';
import { useInstallQueue } from './use-install-queue.ts';

type Goal = 'narrate' | 'music' | 'transcribe' | 'all';

const GOALS: { value: Goal; label: string; detail: string; next: string; nextLabel: string }[] = [
  {
    value: 'narrate',
    label: 'Narrate books',
    detail: 'Natural voices for audiobooks',
    next: '/audiobooks',
    nextLabel: 'Start a book',
  },
  {
    value: 'music',
    label: 'Music tools',
    detail: 'Stems, MIDI, noise reduction',
    next: '/music/stems',
    nextLabel: 'Split a track',
  },
  {
    value: 'transcribe',
    label: 'Transcribe',
    detail: 'Speech to text, with speakers',
    next: '/transcription',
    nextLabel: 'Transcribe a recording',
  },
  {
    value: 'all',
    label: 'All of it',
    detail: 'Everything above',
    next: '/home',
    nextLabel: 'Go to Home',
  },
];

function machineText(m: { cores: number; memory_bytes: number; gpu: boolean }): string {
  const memory = `${Math.round(m.memory_bytes / 1024 ** 3)} GB memory`;
  return `This computer: ${m.cores} cores, ${memory}, ${m.gpu ? 'a graphics card the models can use' : 'no graphics card the models can use'}.`;
}

export function SetupPanel({ onDone }: { onDone?: () => void }) {
  const [goal, setGoal] = useState<Goal | null>(null);
  const setup = useContractQuery('/model-packs/setup', goal ? { query: { goal } } : null);
  const queue = useInstallQueue();
  // While installing, the list stays what it was when the click came (the answer shrinks).
  const [started, setStarted] = useState<NonNullable<typeof setup.data> | null>(null);
  const data = started ?? setup.data;
  const packs = data?.packs ?? [];
  const begin = (accept: boolean): void => {
    if (!setup.data) return;
    setStarted(setup.data);
    queue.start(
      setup.data.packs.map((p) => p.id),
      accept,
    );
  };
  const [askLicence, setAskLicence] = useState(false);
  const nonCommercial = packs.filter((p) => p.non_commercial);
  const chosen = GOALS.find((g) => g.value === goal);
  const running = queue.current !== null;
  const fits = data ? data.bytes + data.disk.reserve_bytes <= data.disk.free_bytes : true;
  const currentPack = queue.current === null ? null : packs[queue.current];

  return (
    <Card
      title="What will you do here?"
      description="Tapehouse runs everything on this computer. Pick what you came for and it downloads the models that fit this machine, once."
      testId="setup"
    >
      <Stack gap={4}>
        <SegmentedControl
          label="What will you do here?"
          options={GOALS.map((g) => ({
            value: g.value,
            label: g.label,
            detail: g.detail,
            disabled: running,
            testId: `setup-goal-${g.value}`,
          }))}
          value={goal}
          onChange={(value) => {
            setStarted(null);
            setGoal(value);
          }}
          testId="setup-goals"
        />
        {setup.error && <Alert tone="error">{errorMessage(setup.error)}</Alert>}
        {data && (
          <Stack gap={3}>
            <p className={styles.note} data-testid="setup-machine">
              {machineText(data.machine)} {formatBytes(data.disk.free_bytes)} free on disk.
            </p>
            {packs.length === 0 ? (
              <Alert tone="ok" testId="setup-ready">
                Everything for this is ready on this computer.
              </Alert>
            ) : (
              <ul className={styles.packs} data-testid="setup-packs">
                {packs.map((pack, index) => (
                  <li key={pack.id} className={styles.pack} data-testid={`setup-pack-${pack.id}`}>
                    <Cluster gap={2}>
                      <strong>{pack.title}</strong>
                      <span className={styles.note}>{formatBytes(pack.bytes)}</span>
                      <Badge tone={pack.non_commercial ? 'warn' : 'neutral'}>
                        {pack.non_commercial ? `${pack.licence} · non-commercial` : pack.licence}
                      </Badge>
                      {index < queue.done && <Badge tone="ok">Installed</Badge>}
                    </Cluster>
                    {pack.purpose && <p className={styles.note}>{pack.purpose}</p>}
                  </li>
                ))}
              </ul>
            )}
            {!fits && (
              <Alert tone="error" testId="setup-disk">
                These downloads need {formatBytes(data.bytes)} and this disk has{' '}
                {formatBytes(data.disk.free_bytes)} free. Free some space first.
              </Alert>
            )}
            {running && currentPack && (
              <Stack gap={2}>
                <div>
                  <ProgressBar
                    value={queue.live.progress}
                    label={`Installing ${currentPack.title}`}
                    valueText={queue.live.stage ?? 'starting'}
                    testId="setup-progress"
                  />
                </div>
                <p className={styles.note} data-testid="setup-stage">
                  Installing {queue.current !== null ? queue.current + 1 : 0} of {packs.length}:{' '}
                  {currentPack.title} · {queue.live.stage ?? 'starting'}
                </p>
              </Stack>
            )}
            {queue.failed && (
              <Alert tone="error" title="Setup stopped" testId="setup-failed">
                {queue.failed}
              </Alert>
            )}
            {queue.finished && (
              <Alert tone="ok" testId="setup-done">
                All set: everything for this is installed.
              </Alert>
            )}
            <Cluster gap={2}>
              {packs.length > 0 && !queue.finished && (
                <Button
                  variant="primary"
                  busy={running}
                  disabled={!fits}
                  onClick={() => (nonCommercial.length > 0 ? setAskLicence(true) : begin(false))}
                  testId="setup-install"
                >
                  Install {packs.length === 1 ? 'it' : `all ${packs.length}`} (
                  {formatBytes(data.bytes)})
                </Button>
              )}
              {chosen && (queue.finished || packs.length === 0) && (
                <ButtonLink variant="primary" href={hrefFor(chosen.next)} onClick={onDone}>
                  {chosen.nextLabel}
                </ButtonLink>
              )}
            </Cluster>
          </Stack>
        )}
        {onDone && !running && (
          <Cluster gap={2}>
            <Button variant="ghost" onClick={onDone} testId="setup-later">
              {queue.finished ? 'Close' : 'Not now'}
            </Button>
          </Cluster>
        )}
      </Stack>
      {nonCommercial[0] && (
        <LicenceDialog
          open={askLicence}
          pack={nonCommercial[0]}
          onCancel={() => setAskLicence(false)}
          onAccept={() => {
            setAskLicence(false);
            begin(true);
          }}
        />
      )}
    </Card>
  );
}
