/**
 * Narrating an article: a web address or the text itself, any voice of the catalog (your own
 * designed and cloned voices too, as the Voices page lists them), what it would cost, and the
 * narration as a job that appears in the list below.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form, FormActions, FormMessages, TextArea, TextField } from '../../ui/Field.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { useAllVoices } from '../voices/use-all-voices.ts';
import { usePreviewPlayer } from '../voices/use-preview-player.ts';
import { VoicePicker } from '../voices/VoicePicker.tsx';
import type { ReaderEstimate } from './web-types.ts';

type Source = 'url' | 'text';
const STANDARD_VOICE = 'en-us';

export function ReaderForm() {
  const [source, setSource] = useState<Source>('url');
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const [estimate, setEstimate] = useState<ReaderEstimate | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const voices = useAllVoices();
  const languages = useContractQuery('/audiobook/voices/languages', {});
  const player = usePreviewPlayer();
  const names = new Map((languages.data?.languages ?? []).map((l) => [l.code, l.name]));
  const standard = voices.data?.find((voice) => voice.slug === STANDARD_VOICE) ?? null;
  const voiceId = picked ?? standard?.id ?? null;

  const estimating = useContractMutation('post', '/reader/estimate', { onSuccess: setEstimate });
  const generating = useContractMutation('post', '/reader/generate', {
    invalidates: ['/reader'],
    onSuccess: (job) => setStarted(`Narrating “${job.title}”: it appears below as it is made.`),
  });

  const body = () => ({
    ...(source === 'url' ? { url: url.trim() } : { content: text }),
    ...(voiceId === null ? {} : { voice: voiceId }),
  });
  const missing =
    source === 'url' ? !/^https?:\/\/\S+$/i.test(url.trim()) : text.trim().length === 0;
  const changed = () => {
    setEstimate(null);
    setStarted(null);
    estimating.reset();
    generating.reset();
  };
  const failure = estimating.error ?? generating.error ?? voices.error;

  return (
    <Card
      title="Narrate an article"
      description="Standard narration with a built-in voice is free; a neural or cloned voice costs credits per character."
      testId="reader-panel"
    >
      <Form
        onSubmit={() => {
          if (!missing)
            generating.mutate({
              json: { ...body(), ...(title.trim() ? { title: title.trim() } : {}) },
            });
        }}
      >
        <SegmentedControl
          label="Where the article comes from"
          value={source}
          onChange={(next) => {
            setSource(next);
            changed();
          }}
          options={[
            { value: 'url', label: 'A web address', testId: 'reader-source-url' },
            { value: 'text', label: 'Paste the text', testId: 'reader-source-text' },
          ]}
        />
        {source === 'url' ? (
          <TextField
            label="Article address"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              changed();
            }}
            hint="The page is read on this machine; only the article itself is narrated, not menus or comments."
            testId="reader-url"
          />
        ) : (
          <>
            <TextArea
              label="The article’s text"
              rows={6}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                changed();
              }}
              hint="The first line is the title unless you give one."
              testId="reader-text"
            />
            <TextField
              label="Title"
              optional
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              testId="reader-title"
            />
          </>
        )}
        <VoicePicker
          label="Voice"
          voices={voices.data ?? []}
          value={voiceId}
          onChange={(id) => {
            setPicked(id);
            changed();
          }}
          preview={player}
          languageName={(code) => names.get(code) ?? code}
          disabled={!voices.data}
          testId="reader-voice"
        />
        <audio ref={player.audio} hidden data-testid="reader-voice-audio" />
        {estimate && (
          <Alert tone="info" testId="reader-estimate">
            {estimate.title ?? 'This article'}: {estimate.word_count.toLocaleString('en')} words,{' '}
            {estimate.is_premium
              ? `${estimate.estimated_credits.toLocaleString('en')} credits`
              : 'free (standard narration)'}
            {estimate.measured
              ? '.'
              : ' — an estimate for a long read: the page could not be read ahead.'}
          </Alert>
        )}
        <FormMessages
          error={failure ? errorMessage(failure) : null}
          success={started}
          testId="reader-messages"
        />
        <FormActions>
          <Button
            variant="primary"
            type="submit"
            icon="play"
            busy={generating.isPending}
            disabled={missing || voiceId === null}
            testId="reader-narrate"
          >
            Narrate
          </Button>
          <Button
            busy={estimating.isPending}
            disabled={missing || voiceId === null}
            onClick={() => estimating.mutate({ json: body() })}
            testId="reader-estimate-button"
          >
            What will it cost?
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
