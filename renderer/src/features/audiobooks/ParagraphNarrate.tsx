/**
 * Narrates one paragraph into a new take (POST .../paragraphs/{id}/narrate), with this take's
 * own voice and speed if wanted (nothing is saved on the paragraph). The answer's service block
 * is shown: which take it will be and whether it is the free regeneration or billed.
 */
import { useState } from 'react';
import { useStudioApi } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { VoicePicker } from '../voices/VoicePicker.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE } from './book-queries.ts';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import { serviceSummary } from './narration-format.ts';
import type { NarrateRequest, NarrateStarted } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';
import narrationStyles from './Narration.module.css';

const SPEEDS = ['0.75', '0.9', '1', '1.1', '1.25', '1.5'] as const;

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
  const api = useStudioApi();
  const { project, voices } = useBookNarration();
  const [voice, setVoice] = useState<number | null>(null);
  const [speed, setSpeed] = useState('');
  const narrate = useNarrationRun<NarrateStarted>(onStarted);

  function start() {
    const body: NarrateRequest = {};
    if (voice !== null) body.voice_id = voice;
    if (speed !== '') body.speed = Number(speed);
    void narrate.run(() =>
      api.post(`${BOOK_ROUTE}/paragraphs/{paragraph_id}/narrate`, {
        params: { project_id: project.id, paragraph_id: paragraphId },
        json: body,
      }),
    );
  }

  return (
    <div data-testid="paragraph-narrate">
      <div className={narrationStyles.narrateOneRow}>
        <div className={narrationStyles.narrateOneVoice}>
          <VoicePicker
            label="Voice for this take"
            hideLabel
            voices={voices}
            value={voice}
            onChange={setVoice}
            automatic="The paragraph’s own voice"
            testId="narrate-voice"
          />
        </div>
        <div className={narrationStyles.narrateOneSpeed}>
          <Select
            label="Speed for this take"
            hideLabel
            value={speed}
            onChange={setSpeed}
            testId="narrate-speed"
            options={[
              { value: '', label: 'Book speed' },
              ...SPEEDS.map((s) => ({ value: s, label: `${Number(s).toFixed(2)}×` })),
            ]}
          />
        </div>
        <Button
          size="sm"
          variant="primary"
          icon="mic"
          onClick={start}
          disabled={disabled}
          busy={narrate.state.kind === 'busy'}
          testId="narrate-paragraph"
        >
          {hasTakes ? 'Narrate again' : 'Narrate paragraph'}
        </Button>
      </div>
      <NarrationRunMessage
        run={narrate}
        testId="narrate-paragraph-result"
        describe={(started) => serviceSummary(started.service)}
      />
    </div>
  );
}
