/**
 * The narrated articles, newest first. The list is one query the job event stream refreshes
 * when a narration starts or ends (data/job-invalidation.ts); a running one shows its progress
 * live from its job.
 */
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert, EmptyState } from '../../ui/Alert.tsx';
import { Section } from '../../ui/Heading.tsx';
import { useAllVoices } from '../voices/use-all-voices.ts';
import styles from './Reader.module.css';
import { ReaderItem } from './ReaderItem.tsx';

export function ReaderList() {
  const list = useContractQuery('/reader/', { query: { per_page: 50 } });
  const voices = useAllVoices();
  const nameOf = (slug: string) =>
    voices.data?.find((voice) => voice.slug === slug || voice.name === slug)?.name ?? slug;
  return (
    <Section title="Narrated articles" testId="reader-list">
      {list.error && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      {list.isPending && <p className="muted">Loading…</p>}
      {list.data?.items.length === 0 && (
        <EmptyState icon="reader" title="No narrated articles yet">
          <p>Narrate one above: it appears here with its player and share links.</p>
        </EmptyState>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className={styles.list}>
          {list.data.items.map((job) => (
            <ReaderItem key={job.id} job={job} voiceName={nameOf(job.voice)} />
          ))}
        </ul>
      )}
    </Section>
  );
}
