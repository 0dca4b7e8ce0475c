/**
 * Settings › Models: every pack, grouped by what it lets you do, each group headed by the
 * capability status the whole studio shares (ready / needs a pack / needs setting up) and free
 * disk on top, and the language model the studio reads and writes books with
 * (LanguageModelCard). `#/settings/models?for=<capability>` (from a tool page) scrolls to that group.
 */
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Cluster, Stack } from '../../ui/Layout.tsx';
import { hrefFor } from '../shell/router.ts';
import { statusTone, statusWord, type CapabilityStatus } from './capabilities.ts';
import { LanguageModelCard } from './LanguageModelCard.tsx';
import { ModelPackRow } from './ModelPackRow.tsx';
import type { Pack } from './use-model-packs.ts';
import styles from './ModelsPage.module.css';

/** `#/settings/models?for=stems`: the capability a tool page linked from. */
function linkedCapability(): string | null {
  const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  return query.get('for') ?? query.get('task');
}

/** Capabilities in the engine's order; packs of one it does not list go last. */
function rank(order: string[], id: string): number {
  const index = order.indexOf(id);
  return index === -1 ? order.length : index;
}

function groups(
  packs: Pack[],
  capabilities: CapabilityStatus[],
): [CapabilityStatus | null, string, Pack[]][] {
  const order = capabilities.map((c) => c.id as string);
  const byCapability = new Map<string, Pack[]>();
  for (const pack of packs)
    byCapability.set(pack.capability, [...(byCapability.get(pack.capability) ?? []), pack]);
  return [...byCapability.entries()]
    .sort(([a], [b]) => rank(order, a) - rank(order, b))
    .map(([id, list]) => [capabilities.find((c) => c.id === id) ?? null, id, list]);
}

export function ModelsPage() {
  const list = useContractQuery('/model-packs', {});
  const data = list.data;
  const grouped = useMemo(() => (data ? groups(data.packs, data.capabilities) : []), [data]);
  const focused = linkedCapability();
  useEffect(() => {
    if (focused && data) document.getElementById(`for-${focused}`)?.scrollIntoView();
  }, [focused, data]);
  const ready = data?.packs.filter((p) => p.ready) ?? [];
  return (
    <Stack gap={4}>
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {data && (
        <Cluster gap={3}>
          <p className={styles.summary} data-testid="models-summary">
            {ready.length} of {data.packs.length} packs ready on this computer (
            {formatBytes(ready.reduce((sum, p) => sum + p.bytes, 0))}) ·{' '}
            {formatBytes(data.disk.free_bytes)} free on disk.
          </p>
          <ButtonLink variant="link" href={hrefFor('/setup')}>
            Set up for a task…
          </ButtonLink>
        </Cluster>
      )}
      <LanguageModelCard />
      {grouped.map(([status, id, packs]) => (
        <div key={id} id={`for-${id}`} className={id === focused ? styles.focused : undefined}>
          <Card
            title={status?.title ?? id}
            description={status?.message}
            aside={status && <Badge tone={statusTone(status)}>{statusWord(status)}</Badge>}
            testId={`models-${id}`}
          >
            <ul className={styles.list}>
              {packs.map((pack) => (
                <ModelPackRow key={pack.id} pack={pack} />
              ))}
            </ul>
          </Card>
        </div>
      ))}
    </Stack>
  );
}
