/**
 * One voice in the library: name, API name, language, gender, engine, the tier badge (the
 * embedded voices say plainly that they are synthetic) and the preview button.
 */
import type { PreviewState } from './use-preview-player.ts';
import { engineName, tierLabel } from './voice-labels.ts';
import type { Voice } from './voice-types.ts';

export function VoiceRow({
  voice,
  languageName,
  preview,
  onPreview,
}: {
  voice: Voice;
  languageName: string;
  preview: PreviewState;
  onPreview: () => void;
}) {
  const tier = tierLabel(voice.tier);
  const mine = preview.kind !== 'idle' && preview.voiceId === voice.id;
  const loading = mine && preview.kind === 'loading';
  const playing = mine && preview.kind === 'playing';
  return (
    <li
      className="vo-voice"
      data-testid="voice-row"
      data-voice-id={voice.id}
      data-tier={voice.tier}
      data-language={voice.language}
    >
      <button
        type="button"
        className={`vo-play${playing ? ' vo-play--playing' : ''}`}
        onClick={onPreview}
        disabled={loading}
        aria-label={`${playing ? 'Stop' : 'Play'} the preview of ${voice.name}`}
        title={loading ? 'Making the preview (first time only)…' : undefined}
        data-testid="voice-preview"
        data-state={mine ? preview.kind : 'idle'}
      >
        {loading ? <span className="vo-spinner" aria-hidden="true" /> : playing ? '■' : '▶'}
      </button>
      <div className="vo-voice__main">
        <div className="vo-voice__title">
          <span className="vo-voice__name" data-testid="voice-name">
            {voice.name}
          </span>
          <span
            className={`badge badge--${tier.tone}`}
            title={tier.detail}
            data-testid="voice-tier"
          >
            {tier.label}
          </span>
        </div>
        <div className="vo-voice__meta">
          <span data-testid="voice-language">{languageName}</span>
          <span className="ab-dot" aria-hidden="true" />
          <code>{voice.slug}</code>
          <span className="ab-dot" aria-hidden="true" />
          {engineName(voice.engine)}
          {voice.gender !== 'unknown' && (
            <>
              <span className="ab-dot" aria-hidden="true" />
              {voice.gender}
            </>
          )}
          <span className="ab-dot" aria-hidden="true" />
          <span className="muted">#{voice.id}</span>
        </div>
        {loading && (
          <p className="vo-voice__note" role="status">
            Making the preview with {engineName(voice.engine)}… (only the first time)
          </p>
        )}
        {mine && preview.kind === 'error' && (
          <p className="ab-error-text" role="alert" data-testid="voice-preview-error">
            {preview.message}
          </p>
        )}
      </div>
    </li>
  );
}
