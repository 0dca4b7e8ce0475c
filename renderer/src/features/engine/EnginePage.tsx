/** Settings → Engine: everything GET /api/v1/health says, refreshed every few seconds. */
import { Badge } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { formatDuration, formatTimestamp } from '../../lib/format.ts';
import type { Health } from '../../api/types.ts';
import { HEALTH_POLL_MS, useEngineHealth } from './health-context.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Cluster, Grid, Stack, Toolbar } from '../../ui/Layout.tsx';

export function EnginePage() {
  const { health, error, checkedAt, refresh } = useEngineHealth();
  return (
    <Stack gap={4} testId="engine-status">
      <Toolbar
        label="Engine status"
        start={
          <p className="muted small" aria-live="polite">
            {checkedAt
              ? `Checked at ${formatTimestamp(checkedAt.toISOString())} · refreshes every ${HEALTH_POLL_MS / 1000} s`
              : 'Checking the engine…'}
          </p>
        }
        end={
          <Button variant="ghost" icon="refresh" onClick={refresh}>
            Refresh now
          </Button>
        }
      />
      {error && (
        <Alert tone="error" testId="engine-error">
          <strong>The engine is not answering.</strong> {error}
          {health && ' The details below are from the last successful check.'}
        </Alert>
      )}
      {health && <HealthCards health={health} />}
    </Stack>
  );
}

function HealthCards({ health }: { health: Health }) {
  const { database, ffmpeg, onnxruntime, models, jobs } = health;
  const selected = new Set(onnxruntime.selected_providers);
  return (
    <Grid min={320}>
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
            ['Data folder', <code>{health.data_dir}</code>, 'engine-data-dir'],
          ]}
        />
      </Card>

      <Card
        title="Library database"
        tone={database.status === 'ok' ? 'default' : 'error'}
        aside={
          <Badge tone={database.status === 'ok' ? 'ok' : 'error'}>
            {database.status === 'ok' ? 'OK' : 'Error'}
          </Badge>
        }
      >
        <Facts
          items={[
            ['Status', database.status === 'ok' ? 'Working' : 'Not working'],
            ['File', <code>{database.path}</code>],
          ]}
        />
      </Card>

      <Card
        title="Audio and video conversion"
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
              ['Program', <code>{ffmpeg.path}</code>, 'ffmpeg-path'],
            ]}
          />
        ) : (
          <Alert tone="error" testId="ffmpeg-missing">
            <strong>ffmpeg missing: the audio converter was not found.</strong> Audio import,
            analysis and export need it.
          </Alert>
        )}
      </Card>

      <Card title="Processing hardware">
        <Facts
          items={[
            [
              'Available',
              <Cluster gap={1}>
                {onnxruntime.available_providers.map((provider) => (
                  <Badge
                    key={provider}
                    tone={selected.has(provider) ? 'ok' : 'neutral'}
                    testId={`provider-${provider}`}
                  >
                    {provider}
                    <span className="visually-hidden">
                      {selected.has(provider) ? ' (in use)' : ' (available, not used)'}
                    </span>
                  </Badge>
                ))}
              </Cluster>,
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
        <Facts items={[['Installed packs', String(models.installed_packs), 'models-installed']]} />
        {models.installed_packs === 0 && (
          <p className="muted small">
            No model packs installed. Neural voices and the music tools will need them; audio
            analysis does not.
          </p>
        )}
      </Card>
    </Grid>
  );
}
