/**
 * The Audio to MIDI page: choose a recording, the stems to transcribe and the note settings,
 * start the job and follow its stages (split, transcribe, merge), then see the result as a piano
 * roll with one colour per stem, play it through Tone.js with per-track mute, and download each
 * stem's .mid or the merged multitrack file. Nothing is faked: the roll is drawn from the .mid
 * the engine wrote.
 */
import { useCallback, useState } from 'react';
import { RecentResults } from '../results/RecentResults.tsx';
import { useReopenedJob } from '../results/use-reopened-job.ts';
import { MidiForm } from './MidiForm.tsx';
import { MidiResult } from './MidiResult.tsx';
import { isFinished, type MidiOptions } from './midi-types.ts';
import { useMidiPlayback } from './use-midi-playback.ts';
import { useMidiTranscription } from './use-midi-transcription.ts';
import './midi.css';

export function MidiPage() {
  const transcription = useMidiTranscription();
  const [playError, setPlayError] = useState<string | null>(null);
  const playback = useMidiPlayback(setPlayError);
  const { job } = transcription;
  const { reopen } = transcription;
  const reopenResult = useCallback(
    (id: number) => {
      playback.reset();
      reopen(id);
    },
    // playback.reset is stable per page; reopening must not re-run on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reopen],
  );
  useReopenedJob(reopenResult);

  function start(file: File, stems: string[], options: MidiOptions) {
    playback.reset();
    setPlayError(null);
    void transcription.start(file, stems, options);
  }

  return (
    <div className="midi-page">
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
    </div>
  );
}
