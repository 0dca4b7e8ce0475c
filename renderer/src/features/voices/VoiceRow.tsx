/**
 * One voice in the library: name, API name, language, gender, engine, the tier badge (the
 * embedded voices say plainly that they are synthetic) and the preview button.
 */
import { Badge } from '../../ui/Badge.tsx';
import { IconButton } from '../../ui/Button.tsx';
import type { PreviewState } from './use-preview-player.ts';
import { engineName, tierLabel } from './voice-labels.ts';
import type { Voice } from './voice-types.ts';
import styles from './Voices.module.css';

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
  const meta = [
    languageName,
    voice.slug,
    engineName(voice.engine),
    voice.gender !== 'unknown' ? voice.gender : null,
    `#${voice.id}`,
  ];
  return (
    <li
      className={styles.voice}
      data-testid="voice-row"
      data-voice-id={voice.id}
      data-tier={voice.tier}
      data-language={voice.language}
    >
      <IconButton
        icon={playing ? 'stop' : 'play'}
        variant={playing ? 'primary' : 'secondary'}
        label={`${playing ? 'Stop' : 'Play'} the preview of ${voice.name}`}
        onClick={onPreview}
        disabled={loading}
        testId="voice-preview"
        data-state={mine ? preview.kind : 'idle'}
      />
      <div className={styles.main}>
        <div className={styles.title}>
          <span className={styles.name} data-testid="voice-name">
            {voice.name}
          </span>
          <Badge tone={tier.tone} title={tier.detail} testId="voice-tier">
            {tier.label}
          </Badge>
        </div>
        <div className={styles.meta}>
          {meta.map(
            (part, i) =>
              part && (
                <span key={i} data-testid={i === 0 ? 'voice-language' : undefined}>
                  {i === 1 ? <code>{part}</code> : part}
                </span>
              ),
          )}
        </div>
        {loading && (
          <p className={styles.note} role="status">
            Making the preview with {engineName(voice.engine)}… (only the first time)
          </p>
        )}
        {mine && preview.kind === 'error' && (
          <p className={styles.error} role="alert" data-testid="voice-preview-error">
            {preview.message}
          </p>
        )}
      </div>
    </li>
  );
}
