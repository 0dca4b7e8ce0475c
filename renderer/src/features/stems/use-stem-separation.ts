/**
 * The Stems page's data: the engines, modes and catalog this machine offers, the uploaded file
 * and its quote (re-read whenever the choice changes), the separation job followed live from the
 * studio's event stream (its status route read once, when it ended), and the finished stems as
 * the mixer needs them.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import type { MixerStem } from './StemMixer.tsx';
import { StemsClient } from './stems-client.ts';
import type {
  StemCatalogEntry,
  StemChoice,
  StemJob,
  StemPackages,
  StemQuote,
} from './stems-types.ts';

function withLive(record: StemJob, live: Job): StemJob {
  return {
    ...record,
    status: toolStatus(live),
    progress: Math.round(live.progress),
    stage: live.stage,
    eta_seconds: live.eta_seconds,
  };
}

export interface StemSeparation {
  packages: StemPackages | null;
  catalog: StemCatalogEntry[];
  fileName: string;
  fileKey: string | null;
  choice: StemChoice;
  setChoice: (choice: StemChoice) => void;
  quote: StemQuote | null;
  job: StemJob | null;
  /** The finished stems with absolute URLs (empty until the job completed). */
  mixerStems: MixerStem[];
  busy: boolean;
  error: string | null;
  upload: (file: File | null) => Promise<void>;
  start: () => Promise<void>;
  /** Shows an earlier separation (from the history or the Jobs page). */
  reopen: (id: number) => void;
}

export function useStemSeparation(): StemSeparation {
  const api = useApi();
  const client = useMemo(() => new StemsClient(), []);
  const [packages, setPackages] = useState<StemPackages | null>(null);
  const [catalog, setCatalog] = useState<StemCatalogEntry[]>([]);
  const [fileKey, setFileKey] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [choice, setChoice] = useState<StemChoice>({ mode: 'four' });
  const [quote, setQuote] = useState<StemQuote | null>(null);
  const [started, setStarted] = useState<StemJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [origin, setOrigin] = useState('');
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.status(id, signal),
    [client],
  );
  const { job } = useToolJob(started, fetchFinal, withLive);

  useEffect(() => {
    const abort = new AbortController();
    client.packages(abort.signal).then(setPackages, (e: unknown) => setError(errorMessage(e)));
    client.catalog(abort.signal).then(setCatalog, (e: unknown) => setError(errorMessage(e)));
    void client.origin().then(setOrigin);
    return () => abort.abort();
  }, [client]);

  useEffect(() => {
    if (!fileKey) return;
    const abort = new AbortController();
    setQuote(null);
    client.quote(fileKey, choice, abort.signal).then(
      (q) => {
        setQuote(q);
        setError(null);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(e));
      },
    );
    return () => abort.abort();
  }, [client, fileKey, choice]);

  const upload = useCallback(
    async (file: File | null) => {
      if (!file) return;
      setBusy(true);
      setError(null);
      setStarted(null);
      try {
        const stored = await api.uploadFile(file, file.name);
        setFileKey(stored.file_key);
        setFileName(file.name);
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  const start = useCallback(async () => {
    if (!fileKey) return;
    setBusy(true);
    try {
      const created = await client.start(fileKey, choice);
      setStarted(created.job);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, [client, fileKey, choice]);

  const reopen = useCallback(
    (id: number) => {
      client.status(id).then(
        (record) => {
          setStarted(record);
          setFileName(record.original_filename);
          setError(null);
        },
        (e: unknown) => setError(errorMessage(e)),
      );
    },
    [client],
  );

  const mixerStems = useMemo<MixerStem[]>(
    () =>
      job?.status === 'COMPLETED'
        ? job.outputs.flatMap((o) => {
            const url = job.download_urls[o.stem];
            return url
              ? [{ stem: o.stem, url: `${origin}${url}`, engine: o.engine, tier: o.tier }]
              : [];
          })
        : [],
    [job, origin],
  );

  return {
    packages,
    catalog,
    fileName,
    fileKey,
    choice,
    setChoice,
    quote,
    job,
    mixerStems,
    busy,
    error,
    upload,
    start,
    reopen,
  };
}
