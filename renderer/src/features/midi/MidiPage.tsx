/**
 * The Audio to MIDI page: choose a recording, the stems to transcribe (or the solo's
 * instrument) and the note settings, start the job and follow its stages (split, transcribe,
 * merge), then see the result as a piano roll with one colour per stem, play it through Tone.js
 * with per-track mute, and download each stem's .mid or the merged multitrack file. Nothing is
 * faked: the roll is drawn from the .mid the engine wrote.
 */
import { useCallback, useState } from 'react';
import { PageBody } from '../../ui/Layout.tsx';
import { RecentResults } from '../results/RecentResults.tsx';
import { useReopenedJob } from '../results/use-reopened-job.ts';
import { MidiForm } from './MidiForm.tsx';
import { MidiResult } from './MidiResult.tsx';
import { isFinished } from './midi-types.ts';
import { useMidiPlayback } from './use-midi-playback.ts';
import { useMidiTranscription, type MidiRequest } from './use-midi-transcription.ts';

export function MidiPage() {
  const transcription = useMidiTranscription();
  const [playError, setPlayError] = useState<string | null>(null);
  const playback = useMidiPlayback(setPlayError);
  const { job, reopen } = transcription;
  const { reset } = playback;
  const reopenResult = useCallback(
    (id: number) => {
      reset();
      reopen(id);
    },
    [reset, reopen],
  );
  useReopenedJob(reopenResult);

  function start(request: MidiRequest) {
    reset();
    setPlayError(null);
    transcription.start(request);
  }

  return (
    <PageBody testId="midi-page">
      <MidiForm
        busy={transcription.busy}
        running={job !== null && !isFinished(job)}
        error={transcription.error ?? playError}
        onStart={start}
      />
      {job && <MidiResult job={job} roll={transcription.roll} playback={playback} />}
      <RecentResults
        type="midi_transcription"
        title="Earlier transcriptions"
        openId={job?.id ?? null}
      />
    </PageBody>
  );
}
