/**
 * Settings › Models: every model pack the engine knows, grouped by what it does, with its
 * size, licence and state; install (download or from a folder), verify and remove, with live
 * progress. Other pages link here ("install…") from options whose pack is missing.
 */
import { useEffect, useMemo } from 'react';
import { formatBytes } from '../../lib/format.ts';
import { ModelPackRow } from './ModelPackRow.tsx';
import type { Pack } from './models-client.ts';
import { taskLabel, taskOrder } from './model-words.ts';
import { useModelPacks } from './use-model-packs.ts';
import './models.css';

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
  const { list, error, client, reload } = useModelPacks();
  const grouped = useMemo(() => groups(list?.packs ?? []), [list]);
  const focused = linkedTask();
  useEffect(() => {
    if (focused && list) document.getElementById(`task-${focused}`)?.scrollIntoView();
  }, [focused, list]);
  const installed = list?.packs.filter((p) => p.ready) ?? [];
  return (
    <div className="models-page">
      {error && (
        <p className="model-pack__error" role="alert">
          {error}
        </p>
      )}
      {list && (
        <p className="models-summary" data-testid="models-summary">
          {installed.length} of {list.packs.length} packs ready on this machine (
          {formatBytes(installed.reduce((sum, p) => sum + p.bytes, 0))}). Packs install into{' '}
          <code>{list.install_root}</code>
          {list.models_dir && (
            <>
              ; the shared folder <code>{list.models_dir}</code> is read too
            </>
          )}
          .
        </p>
      )}
      {grouped.map(([task, packs]) => (
        <section
          key={task}
          className={`card models-group${task === focused ? ' models-group--focused' : ''}`}
          aria-label={taskLabel(task)}
        >
          <h2 id={`task-${task}`}>{taskLabel(task)}</h2>
          <ul className="models-list">
            {packs.map((pack) => (
              <ModelPackRow key={pack.id} pack={pack} client={client} onRemoved={reload} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
