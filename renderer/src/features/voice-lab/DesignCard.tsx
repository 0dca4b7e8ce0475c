/**
 * "Design a voice": a description becomes one to three previews (each priced in credits), shown
 * side by side with what the engine understood; one of them is published as your voice.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { AudioPlayer } from '../../ui/audio/AudioPlayer.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FormMessages, TextArea, TextField } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { useCreditPrice } from '../credits/use-credit-price.ts';
import type { DesignPreview } from './voice-lab-types.ts';
import styles from './VoiceLab.module.css';

function describeVoice(preview: DesignPreview): string {
  const v = preview.voice;
  const who = [v.gender, v.age].filter(Boolean).join(', ');
  return `${who || 'voice'} · ${Math.round(v.measured_f0_hz)} Hz · rate ${v.rate}`;
}

export function DesignCard() {
  const price = useCreditPrice();
  // What one preview costs, as the engine prices it (docs/api/voices-custom.md, "Design").
  const perPreview = useContractQuery('/credits/multipliers', {}).data?.voice_cloning_generation;
  const [prompt, setPrompt] = useState('');
  const [count, setCount] = useState('2');
  const [name, setName] = useState('Designed voice');
  const design = useContractMutation('post', '/voice/design');
  const publish = useContractMutation('post', '/voice/design/publish', {
    invalidates: ['/voice', '/audiobook/voices'],
  });
  const length = prompt.trim().length;
  const result = design.data;
  const failure = design.error ?? publish.error;

  return (
    <Card
      title="Design a voice"
      description="Describe a voice; listen to what it makes of the description, and keep the one you like."
      testId="design-card"
    >
      <TextArea
        label="Describe the voice"
        rows={2}
        maxLength={250}
        value={prompt}
        placeholder="A deep, calm old man with a British accent, speaking slowly."
        hint={`${length} of 30–250 characters.`}
        onChange={(event) => setPrompt(event.target.value)}
        testId="design-prompt"
      />
      <div className={styles.row}>
        <Select
          label="Previews"
          value={count}
          onChange={setCount}
          testId="design-count"
          options={['1', '2', '3'].map((n) => ({
            value: n,
            label:
              perPreview === undefined ? n : `${n} — ${price.describe(Number(n) * perPreview)}`,
          }))}
        />
        <Button
          variant="primary"
          busy={design.isPending}
          disabled={length < 30}
          onClick={() => {
            publish.reset();
            design.mutate({ json: { design_prompt: prompt.trim(), num_samples: Number(count) } });
          }}
          testId="design-start"
        >
          Make previews
        </Button>
      </div>
      {result && (
        <>
          <p className="muted" data-testid="design-understood">
            Understood: {result.parameters.matched.join(', ') || 'nothing specific'} · language{' '}
            {result.language}
            {result.ignored.length > 0 && ` · not possible here: ${result.ignored.join(', ')}`}
          </p>
          <TextField
            label="Name for the voice you keep"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            testId="design-name"
          />
          <ul className={styles.previews} data-testid="design-previews">
            {result.previews.map((preview, index) => (
              <li key={preview.preview_id} className={styles.preview} data-testid="design-preview">
                <strong>Preview {index + 1}</strong>
                <span className="muted small">{describeVoice(preview)}</span>
                <AudioPlayer
                  src={preview.audio_url}
                  title={`preview ${index + 1}`}
                  compact
                  testId={`design-player-${index}`}
                />
                <Button
                  busy={
                    publish.isPending && publish.variables.json.preview_id === preview.preview_id
                  }
                  disabled={publish.isPending}
                  onClick={() =>
                    publish.mutate({
                      json: {
                        preview_id: preview.preview_id,
                        name: name.trim() || 'Designed voice',
                      },
                    })
                  }
                  testId={`design-publish-${index}`}
                >
                  Keep this voice
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <FormMessages
        error={failure ? errorMessage(failure) : null}
        success={
          publish.data && (
            <span data-testid="design-published">
              “{publish.data.name}” is one of your voices now: pick it anywhere voices are chosen.
            </span>
          )
        }
        testId="design-messages"
      />
    </Card>
  );
}
