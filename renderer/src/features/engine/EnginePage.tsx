/** Settings → Engine: everything GET /api/v1/health says, refreshed every few seconds. */
import { Badge } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { formatDuration, formatTimestamp } from '../../lib/format.ts';
import type { Health } from '../../api/types.ts';
import { HEALTH_POLL_MS, useEngineHealth } from './health-context.tsx';

export function EnginePage() {
  const { health, error, checkedAt, refresh } = useEngineHealth();
  return (
    <div className="stack" data-testid="engine-status">
      <div className="toolbar">
        <p className="toolbar__note" aria-live="polite">
          {checkedAt
            ? `Checked at ${formatTimestamp(checkedAt.toISOString())} · refreshes every ${HEALTH_POLL_MS / 1000} s`
            : 'Checking the engine…'}
        </p>
        <button type="button" className="button button--ghost" onClick={refresh}>
          <Icon name="refresh" />
          Refresh now
        </button>
      </div>
      {error && (
        <div className="alert alert--error" role="alert" data-testid="engine-error">
          <Icon name="alert" />
          <div>
            <strong>The engine is not answering.</strong> {error}
            {health && ' The details below are from the last successful check.'}
          </div>
        </div>
      )}
      {health && <HealthCards health={health} />}
    </div>
  );
}

function HealthCards({ health }: { health: Health }) {
  const { database, ffmpeg, onnxruntime, models, jobs } = health;
  const selected = new Set(onnxruntime.selected_providers);
  return (
    <div className="grid">
      <Card
        title="Engine"
        aside={
          <Badge tone={health.status === 'ok' ? 'ok' : 'warn'} testId="engine-overall">
            {health.status === 'ok' ? 'Healthy' : 'Degraded'}
          </Badge>
        }
      >
        <Facts
          items={[
            ['Version', health.version, 'engine-version'],
            ['Uptime', formatDuration(health.uptime_seconds), 'engine-uptime'],
            ['Profile', health.profile === 'local' ? 'Local studio' : 'Hosted service'],
            ['Jobs', `${jobs.running} running · ${jobs.queued} queued`],
            ['Data folder', <code className="path">{health.data_dir}</code>, 'engine-data-dir'],
          ]}
        />
      </Card>

      <Card
        title="Database"
        tone={database.status === 'ok' ? 'default' : 'error'}
        aside={
          <Badge tone={database.status === 'ok' ? 'ok' : 'error'}>
            {database.status === 'ok' ? 'OK' : 'Error'}
          </Badge>
        }
      >
        <Facts
          items={[
            ['Schema version', database.schema_version],
            ['Journal mode', database.journal_mode.toUpperCase()],
            ['File', <code className="path">{database.path}</code>],
          ]}
        />
      </Card>

      <Card
        title="ffmpeg"
        tone={ffmpeg.status === 'ok' ? 'default' : 'error'}
        testId="ffmpeg-card"
        aside={
          <Badge tone={ffmpeg.status === 'ok' ? 'ok' : 'error'} testId="ffmpeg-status">
            {ffmpeg.status === 'ok' ? 'Found' : 'ffmpeg missing'}
          </Badge>
        }
      >
        {ffmpeg.status === 'ok' ? (
          <Facts
            items={[
              ['Version', ffmpeg.version ?? 'unknown', 'ffmpeg-version'],
              ['Path', <code className="path">{ffmpeg.path}</code>, 'ffmpeg-path'],
              ['Found via', ffmpeg.source ?? '–'],
            ]}
          />
        ) : (
          <div className="alert alert--error" role="alert" data-testid="ffmpeg-missing">
            <Icon name="alert" />
            <div>
              <strong>ffmpeg missing.</strong> Audio import, analysis and export need it.
              {ffmpeg.error && <p className="alert__detail">{ffmpeg.error}</p>}
            </div>
          </div>
        )}
      </Card>

      <Card title="ONNX Runtime" aside={<Badge tone="neutral">{onnxruntime.version}</Badge>}>
        <Facts
          items={[
            [
              'Execution providers',
              <ul className="chips" aria-label="Execution providers">
                {onnxruntime.available_providers.map((provider) => (
                  <li
                    key={provider}
                    className={`chip${selected.has(provider) ? ' chip--selected' : ''}`}
                    data-testid={`provider-${provider}`}
                  >
                    {provider}
                    <span className="visually-hidden">
                      {selected.has(provider) ? ' (in use)' : ' (available, not used)'}
                    </span>
                  </li>
                ))}
              </ul>,
            ],
            ['In use', onnxruntime.selected_providers.join(' → ') || 'none', 'onnx-selected'],
            [
              'Chosen by',
              onnxruntime.override
                ? `your setting (${onnxruntime.override.join(', ')})`
                : 'automatic',
            ],
          ]}
        />
      </Card>

      <Card title="Models">
        <Facts
          items={[
            ['Installed packs', String(models.installed_packs), 'models-installed'],
            [
              'Extra models folder',
              models.models_dir ? <code className="path">{models.models_dir}</code> : 'none',
            ],
          ]}
        />
        {models.installed_packs === 0 && (
          <p className="muted small">
            No model packs installed. Neural voices and the music tools will need them; audio
            analysis does not.
          </p>
        )}
      </Card>
    </div>
  );
}
