/**
 * The voice library (`#/voices`): every voice this engine can speak — the embedded eSpeak NG
 * voices (100+ languages, synthetic), the neural voices of installed packs and your own — with
 * search, a language filter (the catalog's own languages), an engine filter, pages of 50 with
 * "Load more", and a preview player.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { Select } from '../../ui/Select.tsx';
import { formatCount } from '../audiobooks/audiobook-format.ts';
import { usePreviewPlayer } from './use-preview-player.ts';
import { useVoiceCatalog } from './use-voice-catalog.ts';
import { ENGINE_FILTERS } from './voice-labels.ts';
import type { VoiceEngine } from './voice-types.ts';
import { VoiceRow } from './VoiceRow.tsx';
import styles from './Voices.module.css';

const SEARCH_DELAY_MS = 250;

export function VoicesPage() {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [engine, setEngine] = useState<VoiceEngine | ''>('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const languages = useContractQuery('/audiobook/voices/languages', {});
  const names = new Map((languages.data?.languages ?? []).map((l) => [l.code, l.name]));
  const catalog = useVoiceCatalog({
    search: search || undefined,
    language: language || undefined,
    engine: engine || undefined,
  });
  const player = usePreviewPlayer();
  const current = catalog.voices.find((voice) => voice.id === player.currentId) ?? null;
  const state = player.state;
  const failure = catalog.error ?? (languages.error ? errorMessage(languages.error) : null);

  return (
    <PageBody testId="voices-page">
      <div className={styles.filters} role="search">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, API name or language"
          value={searchInput}
          maxLength={100}
          onChange={(event) => setSearchInput(event.target.value)}
          testId="voice-search"
        />
        <Select
          label="Language"
          value={language}
          onChange={setLanguage}
          testId="voice-language-filter"
          options={[
            { value: '', label: 'All languages' },
            ...(languages.data?.languages ?? []).map((l) => ({
              value: l.code,
              label: `${l.name} (${l.code})`,
              note: `${l.voice_count}${l.neural_voice_count > 0 ? `, ${l.neural_voice_count} neural` : ''}`,
              keywords: [l.code],
            })),
          ]}
        />
        <Select
          label="Engine"
          value={engine}
          onChange={setEngine}
          testId="voice-engine-filter"
          options={ENGINE_FILTERS.map((choice) => ({ value: choice.value, label: choice.label }))}
        />
      </div>

      <p className="muted" role="status" data-testid="voice-count">
        {catalog.total === null
          ? 'Loading voices…'
          : catalog.total === 0
            ? 'No voice matches these filters.'
            : `Showing ${formatCount(catalog.voices.length)} of ${formatCount(catalog.total)} voices`}
      </p>

      {failure && (
        <Alert tone="error" testId="voices-error">
          Could not load the voices: {failure}
        </Alert>
      )}

      <div className={styles.player} data-testid="voice-player" aria-label="Voice preview player">
        {current && (
          <IconButton
            icon={state.kind === 'playing' ? 'pause' : 'play'}
            label={state.kind === 'playing' ? 'Pause the preview' : 'Play the preview'}
            variant="secondary"
            onClick={() => player.toggle(current)}
          />
        )}
        <span className={styles.playerLabel} data-testid="voice-player-label">
          {current
            ? `Preview: ${current.name}${
                state.kind === 'playing' || state.kind === 'paused'
                  ? ` · “${state.preview.preview_text}”`
                  : ''
              }`
            : 'Press ▶ on a voice to hear it.'}
        </span>
        <audio ref={player.audio} preload="auto" hidden data-testid="voice-audio" />
      </div>

      <ul className={styles.list} aria-busy={catalog.loading} data-testid="voice-list">
        {catalog.voices.map((voice) => (
          <VoiceRow
            key={voice.id}
            voice={voice}
            languageName={names.get(voice.language) ?? voice.language}
            preview={player.state}
            onPreview={() => player.toggle(voice)}
          />
        ))}
      </ul>

      {catalog.hasMore && (
        <span className={styles.more}>
          <Button onClick={catalog.loadMore} busy={catalog.loading} testId="voice-load-more">
            Load more voices
          </Button>
        </span>
      )}
    </PageBody>
  );
}
