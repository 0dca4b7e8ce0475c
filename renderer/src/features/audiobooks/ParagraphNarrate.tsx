/**
 * Narrates one paragraph into a new take (POST .../paragraphs/{id}/narrate), with this take's
 * own voice and speed if wanted (nothing is saved on the paragraph). The answer's service block
 * is shown: which take it will be and whether it is the free regeneration or billed.
 */
import { useId, useState } from 'react';
import { voiceOptionLabel } from '../voices/voice-labels.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { AbIcon } from './icons.tsx';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import { serviceSummary } from './narration-format.ts';
import type { NarrateRequest, NarrateStarted } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';

const SPEEDS = [0.75, 0.9, 1, 1.1, 1.25, 1.5] as const;

export function ParagraphNarrate({
  paragraphId,
  hasTakes,
  disabled,
  onStarted,
}: {
  paragraphId: string;
  hasTakes: boolean;
  disabled: boolean;
  onStarted: (started: NarrateStarted) => void;
}) {
  const { client, project, voices } = useBookNarration();
  const id = useId();
  const [voice, setVoice] = useState('');
  const [speed, setSpeed] = useState('');
  const narrate = useNarrationRun<NarrateStarted>(onStarted);

  function start() {
    const body: NarrateRequest = {};
    if (voice !== '') body.voice_id = Number(voice);
    if (speed !== '') body.speed = Number(speed);
    void narrate.run(() => client.narrateParagraph(project.id, paragraphId, body));
  }

  return (
    <div className="ab-narrate-one" data-testid="paragraph-narrate">
      <div className="ab-narrate-one__row">
        <label className="visually-hidden" htmlFor={`${id}-voice`}>
          Voice for this take
        </label>
        <select
          id={`${id}-voice`}
          className="input input--select ab-narrate-one__voice"
          value={voice}
          onChange={(event) => setVoice(event.target.value)}
          data-testid="narrate-voice"
        >
          <option value="">The paragraph’s own voice</option>
          {voices.map((v) => (
            <option key={v.id} value={String(v.id)}>
              {voiceOptionLabel(v)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-speed`}>
          Speed for this take
        </label>
        <select
          id={`${id}-speed`}
          className="input input--select ab-narrate-one__speed"
          value={speed}
          onChange={(event) => setSpeed(event.target.value)}
          data-testid="narrate-speed"
        >
          <option value="">Book speed</option>
          {SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {s.toFixed(2)}×
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small button--primary"
          onClick={start}
          disabled={disabled || narrate.state.kind === 'busy'}
          data-testid="narrate-paragraph"
        >
          <AbIcon name="mic" />
          {narrate.state.kind === 'busy'
            ? 'Starting…'
            : hasTakes
              ? 'Narrate again'
              : 'Narrate paragraph'}
        </button>
      </div>
      <NarrationRunMessage
        run={narrate}
        testId="narrate-paragraph-result"
        describe={(started) => serviceSummary(started.service)}
      />
    </div>
  );
}
