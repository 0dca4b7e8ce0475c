/**
 * Settings › Models › Language model: the one model the studio reads and writes books with
 * (GET /language-model, docs/api/language-model.md): which model answers (a pack installed with
 * the studio, the owner's own model file or chat server), whether it is in memory, how fast it
 * is here; a chooser among the installed packs (PUT /language-model) and Unload
 * (POST /language-model/unload). With none set up, one Install button for the pack this computer
 * is best served by.
 */
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { Cluster, Stack } from '../../ui/Layout.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import { InstallPackButton } from './InstallPackButton.tsx';
import {
  currentChoice,
  idleWords,
  runsOnWords,
  sourceWords,
  speedWords,
  stateWords,
  type LanguageModelChoice,
  type LanguageModelStatus,
} from './language-model-words.ts';

const FAMILIES = ['/language-model', '/model-packs'];

function choices(status: LanguageModelStatus): SelectOption<LanguageModelChoice>[] {
  const packs = status.packs
    .filter((pack) => pack.ready)
    .map((pack) => ({
      value: `pack:${pack.id}` as const,
      label: pack.title,
      note: pack.recommended ? 'Recommended for this computer' : undefined,
      description: `Installed with the studio · ${formatBytes(pack.bytes)}`,
    }));
  const own: SelectOption<LanguageModelChoice>[] = [];
  if (status.model_file)
    own.push({ value: 'file', label: 'Your own model file', description: status.model_file });
  if (status.url) own.push({ value: 'url', label: 'Your chat server', description: status.url });
  return [
    ...packs,
    ...own,
    {
      value: 'off',
      label: 'None',
      description: 'Speaker detection uses its quick pass only; writing features are off.',
    },
  ];
}

/** The PUT body for a choice: a pack by id; the owner's file or server; or off. */
function updateFor(choice: LanguageModelChoice) {
  if (choice.startsWith('pack:')) return { source: 'pack' as const, pack_id: choice.slice(5) };
  return { source: choice as 'file' | 'url' | 'off' };
}

function badge(status: LanguageModelStatus) {
  if (!status.ready) return <Badge tone="warn">{stateWords(status)}</Badge>;
  return status.loaded ? <Badge tone="ok">Loaded</Badge> : <Badge tone="neutral">Idle</Badge>;
}

export function LanguageModelCard() {
  const query = useContractQuery('/language-model', {});
  const save = useContractMutation('put', '/language-model', { invalidates: FAMILIES });
  const unload = useContractMutation('post', '/language-model/unload', {
    invalidates: ['/language-model'],
  });
  const status = query.data;
  const recommended = status?.install.at(-1) ?? null;
  const problem = query.error ?? save.error ?? unload.error;

  return (
    <Card
      title="Language model"
      description="Reads your books to find who says each line, and writes direction notes and drafts. It runs on this computer unless you point it at your own chat server."
      aside={status && badge(status)}
      testId="language-model"
    >
      <Stack gap={3}>
        {problem && <Alert tone="error">{errorMessage(problem)}</Alert>}
        {status && (
          <>
            <p className="muted" data-testid="language-model-message">
              {status.message}
            </p>
            {status.ready && (
              <Facts
                testId="language-model-facts"
                items={[
                  [
                    'In use',
                    `${status.name ?? 'A language model'}, ${sourceWords(status)}`,
                    'language-model-name',
                  ],
                  ['State', stateWords(status), 'language-model-state'],
                  ['Speed', speedWords(status), 'language-model-speed'],
                  ['Runs on', runsOnWords(status), 'language-model-runs-on'],
                  ...(status.source === 'url'
                    ? []
                    : [['Memory', idleWords(status.idle_unload_seconds)] as [string, string]]),
                ]}
              />
            )}
            {status.last_problem && (
              <Alert tone="warn" testId="language-model-last-problem">
                The model stopped unexpectedly last time ({status.last_problem}). It starts again on
                the next request.
              </Alert>
            )}
            <Cluster gap={3}>
              <Select
                label="Model to use"
                options={choices(status)}
                value={currentChoice(status)}
                placeholder="Nothing installed yet"
                disabled={save.isPending}
                onChange={(choice) => save.mutate({ json: updateFor(choice) })}
                testId="language-model-choice"
              />
              {status.loaded && status.source !== 'url' && (
                <Button
                  onClick={() => unload.mutate({})}
                  busy={unload.isPending}
                  testId="language-model-unload"
                  title="Frees the memory now; it loads again when a feature needs it"
                >
                  Unload now
                </Button>
              )}
            </Cluster>
            {!status.ready && status.preference !== 'off' && recommended && (
              <InstallPackButton packId={recommended} testId="language-model-install" />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
