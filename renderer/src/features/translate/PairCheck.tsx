/**
 * Before anything starts: whether this machine can do the chosen pair (GET
 * /translation/languages?source=&target=, `pair`). Each stage it cannot do is said plainly, with
 * an Install button for the pack that fixes it.
 */
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { InstallPackButton } from '../models/InstallPackButton.tsx';

export function PairCheck({ source, target }: { source: string; target: string | null }) {
  const check = useContractQuery(
    '/translation/languages',
    target === null ? null : { query: source === '' ? { target } : { source, target } },
  );
  const pair = check.data?.pair;
  if (!pair || pair.problems.length === 0) return null;
  const packs = [...new Set(pair.problems.flatMap((p) => (p.pack ? [p.pack] : [])))];
  return (
    <Alert tone="warn" title="This needs a pack" testId="translate-pair">
      <Stack gap={2}>
        <ul data-testid="translate-pair-problems">
          {pair.problems.map((p) => (
            <li key={`${p.stage}-${p.reason}`}>{p.message}</li>
          ))}
        </ul>
        {packs.map((pack) => (
          <InstallPackButton key={pack} packId={pack} testId={`translate-pair-install-${pack}`} />
        ))}
      </Stack>
    </Alert>
  );
}
