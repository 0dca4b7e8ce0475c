/**
 * The Translate page's data: the languages this machine can do, starting a translation (an
 * upload or an address), the translation shown (its record read when it starts and when its job
 * ends: job-invalidation.ts refreshes `/translation/translations` for `speech_translation`
 * jobs), its job followed live (useJob: stage and percent, never polled), the transcript once it
 * completed, a line's edit (the engine speaks that line again as a new job), retry and delete.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../api/errors.ts';
import { isContractKey } from '../../data/contract-keys.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { useJob, type LiveJob } from '../../data/use-job.ts';
import type {
  DubLanguages,
  DubTranscript,
  SpeechTranslation,
  TranslateChoices,
} from './translate-types.ts';

const FAMILY = '/translation/translations';

export interface SpeechTranslationPage {
  languages: DubLanguages | null;
  shown: SpeechTranslation | null;
  live: LiveJob;
  transcript: DubTranscript | null;
  history: SpeechTranslation[];
  starting: boolean;
  startError: ApiError | null;
  start: (choices: TranslateChoices) => void;
  show: (id: number) => void;
  editLine: (segmentId: number, translation: string) => Promise<unknown>;
  retry: (id: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  retrying: boolean;
}

function startCall(choices: TranslateChoices) {
  if (choices.file) {
    const form = new FormData();
    form.append('file', choices.file, choices.file.name);
    form.set('target_language', choices.target);
    if (choices.source !== '') form.set('source_language', choices.source);
    return { body: form };
  }
  const json: Record<string, string> = { url: choices.url.trim(), target_language: choices.target };
  if (choices.source !== '') json.source_language = choices.source;
  return { json };
}

export function useSpeechTranslation(): SpeechTranslationPage {
  const client = useQueryClient();
  const [shownId, setShownId] = useState<number | null>(null);
  const languages = useContractQuery('/translation/languages', {});
  const list = useContractQuery(FAMILY, { query: { limit: 20 } });
  const record = useContractQuery(
    '/translation/translations/{translation_job_id}',
    shownId === null ? null : { params: { translation_job_id: shownId } },
  );
  const shown = shownId === null ? null : (record.data ?? null);
  const taskId = shown ? Number(shown.task_id) : NaN;
  const live = useJob(Number.isInteger(taskId) && taskId > 0 ? taskId : null);
  const transcript = useContractQuery(
    '/translation/translations/{translation_job_id}/transcript',
    shown?.status === 'COMPLETED' ? { params: { translation_job_id: shown.id } } : null,
  );

  // What the engine answered is the record at once (a new attempt's task_id to follow).
  const adopt = (translation: SpeechTranslation) => {
    client.setQueriesData<SpeechTranslation>(
      {
        predicate: (q) =>
          isContractKey(q.queryKey) &&
          q.queryKey[1] === '/translation/translations/{translation_job_id}' &&
          (q.queryKey[3] as { translation_job_id?: number } | null)?.translation_job_id ===
            translation.id,
      },
      translation,
    );
    setShownId(translation.id);
  };
  const starting = useContractMutation('post', FAMILY, {
    invalidates: [{ path: FAMILY, exact: true }],
    onSuccess: adopt,
  });
  const editing = useContractMutation(
    'patch',
    '/translation/translations/{translation_job_id}/segments/{segment_id}',
    { invalidates: [FAMILY], onSuccess: adopt },
  );
  const retrying = useContractMutation(
    'post',
    '/translation/translations/{translation_job_id}/retry',
    {
      invalidates: [FAMILY],
      onSuccess: adopt,
    },
  );
  const deleting = useContractMutation('delete', '/translation/translations/{translation_job_id}', {
    invalidates: [{ path: FAMILY, exact: true }],
  });

  return {
    languages: languages.data ?? null,
    shown,
    live,
    transcript: transcript.data ?? null,
    history: list.data?.translations ?? [],
    starting: starting.isPending,
    startError: starting.error,
    start: (choices) => starting.mutate(startCall(choices)),
    show: setShownId,
    editLine: (segmentId, translation) => {
      if (!shown) return Promise.resolve();
      return editing.mutateAsync({
        params: { translation_job_id: shown.id, segment_id: segmentId },
        json: { translation },
      });
    },
    retry: (id) => retrying.mutateAsync({ params: { translation_job_id: id } }),
    remove: async (id) => {
      await deleting.mutateAsync({ params: { translation_job_id: id } });
      if (id === shownId) setShownId(null);
    },
    retrying: retrying.isPending,
  };
}
