/**
 * The Stems page's data: the engines, modes and catalog this machine offers, the uploaded file
 * and its quote (one query per file and choice), the separation job followed live (useJobRun:
 * its status route read when the job is known and again when it ends), and the finished stems
 * as the mixer needs them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { engineBaseUrl } from '../../api/bridge.ts';
import { errorMessage, type ApiError } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { contractKey } from '../../data/contract-keys.ts';
import { useContractQuery, useStudioApi } from '../../data/contract-query.ts';
import { uploadFile } from '../../data/upload.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import type { MixerStem } from './StemMixer.tsx';
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

/** The JSON fields of a choice: a mode, or single_stem / exclude_stems for the catalog form. */
function fields(choice: StemChoice): Record<string, unknown> {
  if (choice.mode !== 'catalog') return { ...choice };
  return {
    ...(choice.single_stem ? { single_stem: choice.single_stem } : {}),
    ...(choice.exclude_stems?.length ? { exclude_stems: choice.exclude_stems } : {}),
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
  upload: (file: File | null) => void;
  start: () => void;
  /** Shows an earlier separation (from the history or the Jobs page). */
  reopen: (id: number) => void;
}

export function useStemSeparation(): StemSeparation {
  const api = useStudioApi();
  const packages = useContractQuery('/stem-extraction/packages/available', {});
  const catalog = useContractQuery('/stem-extraction/catalog', {});
  const [stored, setStored] = useState<{ key: string; name: string } | null>(null);
  const [choice, setChoice] = useState<StemChoice>({ mode: 'four' });
  const [origin, setOrigin] = useState('');
  useEffect(() => void engineBaseUrl().then(setOrigin), []);

  const uploading = useMutation({
    mutationFn: (file: File) => uploadFile(api, file),
    onSuccess: (saved, file) => setStored({ key: saved.file_key, name: file.name }),
  });
  const fileKey = stored?.key ?? null;
  // A quote is a question, not a change: one per file and choice, kept in the cache (in the
  // `/stem-extraction` family, so an installed separator refreshes it).
  const priced = useQuery<StemQuote, ApiError>({
    queryKey: contractKey('/stem-extraction/quote', 'studio', {
      query: { file_key: fileKey, ...fields(choice) },
    }),
    enabled: fileKey !== null,
    queryFn: ({ signal }) =>
      api.post('/stem-extraction/quote', {
        json: { file_key: fileKey, ...fields(choice) },
        signal,
      }),
  });

  const run = useJobRun({
    statusPath: '/stem-extraction/status/{stem_job_id}',
    statusCall: (id) => ({ params: { stem_job_id: id } }),
    start: ({ key, chosen }: { key: string; chosen: StemChoice }) => {
      const json = { file_key: key, ...fields(chosen) };
      return chosen.mode === 'catalog'
        ? api.post('/stem-extraction/extract/advanced', { json })
        : api.post('/stem-extraction/api/extract', { json });
    },
    jobId: (created) => created.job.id,
    withLive,
  });
  const job = run.record;

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

  const failure = uploading.error ?? priced.error ?? packages.error ?? catalog.error;
  return {
    packages: packages.data ?? null,
    catalog: catalog.data ?? [],
    fileName: stored?.name ?? job?.original_filename ?? '',
    fileKey,
    choice,
    setChoice,
    quote: priced.data ?? null,
    job,
    mixerStems,
    busy: uploading.isPending || run.busy,
    error: run.error ?? (failure ? errorMessage(failure) : null),
    upload: (file) => {
      run.reset();
      if (file) uploading.mutate(file);
      else setStored(null);
    },
    start: () => fileKey && run.start({ key: fileKey, chosen: choice }),
    reopen: run.reopen,
  };
}
