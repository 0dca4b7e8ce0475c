/**
 * "Translate a recording": a file or an address, the language to dub into, and the language
 * spoken (detected when left on "Detect"). The languages come from the engine, with what this
 * machine can do for each, so a choice that needs a pack says so before anything starts.
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import { PackNeededAlert } from './PackNeededAlert.tsx';
import { PairCheck } from './PairCheck.tsx';
import type { DubLanguages, TranslateChoices } from './translate-types.ts';
import styles from './Translate.module.css';

const DETECT = 'detect';

function targetOptions(languages: DubLanguages | null): SelectOption<string>[] {
  return (languages?.languages ?? []).map((l) => ({
    value: l.code,
    label: l.name,
    keywords: [l.code],
    note: l.cloning.installed ? 'in each speaker’s own voice' : undefined,
  }));
}

export function TranslateForm({
  languages,
  busy,
  running,
  error,
  onStart,
}: {
  languages: DubLanguages | null;
  busy: boolean;
  /** A translation is still going: another cannot start from here yet. */
  running: boolean;
  error: unknown;
  onStart: (choices: TranslateChoices) => void;
}) {
  const [from, setFrom] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [source, setSource] = useState<string>(DETECT);
  const targets = targetOptions(languages);
  const sources: SelectOption<string>[] = [
    { value: DETECT, label: 'Detect from the speech' },
    ...targets.map(({ value, label, keywords }) => ({ value, label, keywords })),
  ];
  const input = from === 'file' ? file !== null : /^https?:\/\/\S+$/i.test(url.trim());
  const ready = input && target !== null && !running;
  return (
    <Card title="Translate a recording" testId="translate-form">
      <SegmentedControl
        label="Where the recording is"
        options={[
          { value: 'file', label: 'A file' },
          { value: 'url', label: 'A web address' },
        ]}
        value={from}
        onChange={setFrom}
        testId="translate-from"
      />
      {from === 'file' ? (
        <FileDrop
          label="Audio or video file"
          accept="audio/*,video/*"
          file={file}
          testId="translate-file"
          disabled={busy}
          onFile={setFile}
          hint="A video comes back as a video with the dubbed sound."
        />
      ) : (
        <TextField
          label="Address of the recording"
          value={url}
          placeholder="https://…"
          inputMode="url"
          onChange={(event) => setUrl(event.target.value)}
          testId="translate-url"
        />
      )}
      <div className={styles.options}>
        <Select
          label="Translate into"
          options={targets}
          value={target}
          onChange={setTarget}
          searchable
          placeholder="Choose a language"
          testId="translate-target"
        />
        <Select
          label="Spoken language"
          options={sources}
          value={source}
          onChange={setSource}
          searchable
          testId="translate-source"
        />
      </div>
      <PairCheck source={source === DETECT ? '' : source} target={target} />
      {error !== null && error !== undefined && (
        <PackNeededAlert error={error} testId="translate-error" />
      )}
      <div>
        <Button
          variant="primary"
          icon="globe"
          busy={busy}
          disabled={!ready}
          onClick={() =>
            target &&
            onStart({
              file: from === 'file' ? file : null,
              url: from === 'url' ? url : '',
              target,
              source: source === DETECT ? '' : source,
            })
          }
          testId="translate-start"
        >
          Translate
        </Button>
      </div>
    </Card>
  );
}
