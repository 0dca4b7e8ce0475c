/**
 * The voice library (`#/voices`): every voice this engine can speak — the embedded eSpeak NG
 * voices (100+ languages, synthetic) and the neural voices of installed packs — with search, a
 * language filter (the catalog's own languages), an engine filter, pages of 50 with "Load more",
 * and a preview player.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { Icon } from '../../ui/Icon.tsx';
import { formatCount } from '../audiobooks/audiobook-format.ts';
import { useResource } from '../audiobooks/use-resource.ts';
import { useVoiceCatalog } from './use-voice-catalog.ts';
import { usePreviewPlayer } from './use-preview-player.ts';
import { ENGINE_FILTERS } from './voice-labels.ts';
import type { VoiceEngine } from './voice-types.ts';
import { VoiceRow } from './VoiceRow.tsx';
import { VoicesClient } from './voices-client.ts';
import './voices.css';

const SEARCH_DELAY_MS = 250;

export function VoicesPage({ client: given }: { client?: VoicesClient }) {
  const [client] = useState(
    () => given ?? new VoicesClient({ baseUrl: engineBaseUrl, getToken: studioToken }),
  );
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [engine, setEngine] = useState<VoiceEngine | ''>('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const loadLanguages = useCallback((signal: AbortSignal) => client.languages(signal), [client]);
  const languages = useResource(loadLanguages);
  const names = useMemo(
    () => new Map((languages.data?.languages ?? []).map((l) => [l.code, l.name])),
    [languages.data],
  );

  const catalog = useVoiceCatalog(client, {
    search: search || undefined,
    language: language || undefined,
    engine: engine || undefined,
  });
  const player = usePreviewPlayer(client);
  const current = catalog.voices.find((voice) => voice.id === player.currentId) ?? null;

  return (
    <div className="vo-page stack" data-testid="voices-page">
      <div className="vo-filters" role="search">
        <label className="field vo-search">
          <span className="field__label">Search</span>
          <input
            className="input"
            type="search"
            placeholder="Search by name, API name or language"
            value={searchInput}
            maxLength={100}
            onChange={(event) => setSearchInput(event.target.value)}
            data-testid="voice-search"
          />
        </label>
        <label className="field">
          <span className="field__label">Language</span>
          <select
            className="input input--select"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            data-testid="voice-language-filter"
          >
            <option value="">All languages</option>
            {(languages.data?.languages ?? []).map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code}) · {l.voice_count}
                {l.neural_voice_count > 0 ? `, ${l.neural_voice_count} neural` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Engine</span>
          <select
            className="input input--select"
            value={engine}
            onChange={(event) => setEngine(event.target.value as VoiceEngine | '')}
            data-testid="voice-engine-filter"
          >
            {ENGINE_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <p className="muted vo-count" role="status" data-testid="voice-count">
        {catalog.total === null
          ? 'Loading voices…'
          : catalog.total === 0
            ? 'No voice matches these filters.'
            : `Showing ${formatCount(catalog.voices.length)} of ${formatCount(catalog.total)} voices`}
      </p>

      {(catalog.error ?? languages.error) && (
        <div className="alert alert--error" role="alert" data-testid="voices-error">
          <Icon name="alert" />
          <div>Could not load the voices: {catalog.error ?? languages.error}</div>
        </div>
      )}

      <div
        className={`vo-player${current ? '' : ' vo-player--empty'}`}
        data-testid="voice-player"
        aria-label="Voice preview player"
      >
        <span className="vo-player__label" data-testid="voice-player-label">
          {current
            ? `Preview: ${current.name}${
                player.state.kind === 'playing' || player.state.kind === 'paused'
                  ? ` · “${player.state.preview.preview_text}”`
                  : ''
              }`
            : 'Press ▶ on a voice to hear it.'}
        </span>
        <audio ref={player.audio} controls preload="auto" data-testid="voice-audio" />
      </div>

      <ul className="vo-list" aria-busy={catalog.loading} data-testid="voice-list">
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
        <button
          type="button"
          className="button vo-more"
          onClick={catalog.loadMore}
          disabled={catalog.loading}
          data-testid="voice-load-more"
        >
          {catalog.loading ? 'Loading…' : 'Load more voices'}
        </button>
      )}
    </div>
  );
}
