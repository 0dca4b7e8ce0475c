/**
 * Settings › Models: every model pack the engine knows, grouped by what it does, with its
 * size, licence and state; install (download or from a folder), verify and remove, with live
 * progress. Other pages link here ("install…") from options whose pack is missing.
 */
import { useEffect, useMemo } from 'react';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { ModelPackRow } from './ModelPackRow.tsx';
import { taskLabel, taskOrder } from './model-words.ts';
import { useModelPacks, type Pack } from './use-model-packs.ts';
import styles from './Models.module.css';

function groups(packs: Pack[]): [string, Pack[]][] {
  const byTask = new Map<string, Pack[]>();
  for (const pack of packs) byTask.set(pack.task, [...(byTask.get(pack.task) ?? []), pack]);
  return [...byTask.entries()].sort(([a], [b]) => taskOrder(a) - taskOrder(b));
}

/** `#/settings/models?task=stems`: the task an "install…" link came from. */
function linkedTask(): string | null {
  return new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('task');
}

export function ModelsPage() {
  const { list, error } = useModelPacks();
  const grouped = useMemo(() => groups(list?.packs ?? []), [list]);
  const focused = linkedTask();
  useEffect(() => {
    if (focused && list) document.getElementById(`task-${focused}`)?.scrollIntoView();
  }, [focused, list]);
  const installed = list?.packs.filter((p) => p.ready) ?? [];
  return (
    <PageBody testId="models-page">
      {error && <Alert tone="error">{error}</Alert>}
      {list && (
        <p className="muted" data-testid="models-summary">
          {installed.length} of {list.packs.length} packs ready on this machine (
          {formatBytes(installed.reduce((sum, p) => sum + p.bytes, 0))}). Everything runs offline
          once installed.
        </p>
      )}
      {grouped.map(([task, packs]) => (
        <div
          key={task}
          id={`task-${task}`}
          className={task === focused ? styles.focused : undefined}
        >
          <Card title={taskLabel(task)}>
            <ul className={styles.list}>
              {packs.map((pack) => (
                <ModelPackRow key={pack.id} pack={pack} />
              ))}
            </ul>
          </Card>
        </div>
      ))}
    </PageBody>
  );
}
