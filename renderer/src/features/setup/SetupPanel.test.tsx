// @vitest-environment jsdom
// First-run setup: the goal asks the engine for the packs this machine needs, shows them with
// sizes, licences and the free disk in plain words, and one click installs them in order (after
// the licence dialog for a non-commercial one), following each install job to the end.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../api/contract.ts';
import type { Job } from '../../api/types.ts';
import { renderStudio } from '../../test/render.tsx';
import { EngineHealthProvider } from '../engine/health-context.tsx';
import { SetupPanel } from './SetupPanel.tsx';

type Setup = ResponseOf<'get', '/model-packs/setup'>;
type SetupPack = Setup['packs'][number];

function pack(id: string, title: string, bytes: number, extra: Partial<SetupPack> = {}): SetupPack {
  return {
    id,
    task: 'asr',
    capability: 'transcription',
    title,
    purpose: `${title} lets you turn speech into text.`,
    description: 'Internal description (not shown by setup).',
    version: '1.0.0',
    licence: 'MIT',
    licence_url: null,
    non_commercial: false,
    licence_accepted_at: null,
    requires: [],
    bytes,
    state: 'not_installed',
    installed_version: null,
    in_models_dir: false,
    ready: false,
    removable: false,
    install_job_id: null,
    verification: [],
    last_verified: null,
    ...extra,
  };
}

const VAD = pack('silero-vad', 'Silero speech detection', 3_620_000);
const WHISPER = pack('whisper-small', 'Whisper small (99 languages)', 375_500_000);
const NLLB = pack('nllb-200', 'NLLB-200 translation (200 languages)', 1_200_000_000, {
  capability: 'translation',
  licence: 'CC-BY-NC-4.0',
  licence_url: 'https://creativecommons.org/licenses/by-nc/4.0/',
  non_commercial: true,
});

function answer(packs: SetupPack[], freeBytes = 50_000_000_000): Setup {
  return {
    goal: 'transcribe',
    machine: { cores: 8, memory_bytes: 16 * 1024 ** 3, gpu: false },
    disk: { free_bytes: freeBytes, reserve_bytes: 500_000_000 },
    capabilities: [],
    packs,
    bytes: packs.reduce((sum, p) => sum + p.bytes, 0),
  };
}

function completed(id: number): Job {
  return {
    id,
    type: 'model_install',
    status: 'completed',
    progress: 100,
    stage: 'Installed',
    eta_seconds: null,
    created_at: '2026-11-28T21:00:00Z',
    started_at: '2026-11-28T21:00:00Z',
    finished_at: '2026-11-28T21:00:01Z',
    error_message: null,
    failure_reason: null,
    attempts: 1,
    input: {},
    result: {},
  };
}

function setup(packs: SetupPack[], freeBytes?: number) {
  let nextJob = 0;
  return renderStudio(
    <EngineHealthProvider>
      <SetupPanel />
    </EngineHealthProvider>,
    {
      routes: {
        'GET /model-packs/setup': () => answer(packs, freeBytes),
        'POST /model-packs/{pack_id}/install': () => ({
          ...completed((nextJob += 1)),
          progress: 0,
        }),
        'GET /jobs/{job_id}': (request) => completed(Number(request.params.job_id)),
      },
    },
  );
}

describe('first-run setup', () => {
  it('shows what the goal needs on this machine, with sizes, licences and free disk, in plain words', async () => {
    const user = userEvent.setup();
    const view = setup([VAD, WHISPER]);
    await user.click(screen.getByTestId('setup-goal-transcribe'));
    await screen.findByTestId('setup-packs');
    expect(
      view.engine.requests.find((r) => r.route === '/model-packs/setup')?.query.get('goal'),
    ).toBe('transcribe');
    expect(screen.getByTestId('setup-machine').textContent).toBe(
      'This computer: 8 cores, 16 GB memory, no graphics card the models can use. 50.0 GB free on disk.',
    );
    const whisper = screen.getByTestId('setup-pack-whisper-small').textContent ?? '';
    expect(whisper).toContain('Whisper small (99 languages)');
    expect(whisper).toContain('375.5 MB');
    expect(whisper).toContain('MIT');
    expect(whisper).toContain('lets you turn speech into text');
    expect(screen.getByTestId('setup-install').textContent).toBe('Install all 2 (379.1 MB)');
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/manifest|models\/|TAPEHOUSE_|tensor|Internal description/i);
  });

  it('installs every pack in order with one click, after the licence of a non-commercial one is accepted', async () => {
    const user = userEvent.setup();
    const view = setup([VAD, NLLB]);
    await user.click(screen.getByTestId('setup-goal-transcribe'));
    await user.click(await screen.findByTestId('setup-install'));
    expect(screen.getByTestId('licence-dialog').textContent).toContain(
      '“NLLB-200 translation (200 languages)” is licensed for non-commercial use only (CC-BY-NC-4.0)',
    );
    expect(view.engine.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('licence-accept'));
    await screen.findByTestId('setup-done');
    const installs = view.engine.requests.filter((r) => r.method === 'POST');
    expect(installs.map((r) => [r.params.pack_id, r.body])).toEqual([
      ['silero-vad', { accept_licence: true }],
      ['nllb-200', { accept_licence: true }],
    ]);
    expect(screen.getByText('Transcribe a recording')).toBeTruthy();
  });

  it('says when the disk is too small and offers no install', async () => {
    const user = userEvent.setup();
    setup([VAD, WHISPER], 200_000_000);
    await user.click(screen.getByTestId('setup-goal-transcribe'));
    const alert = await screen.findByTestId('setup-disk');
    expect(alert.textContent).toBe(
      'These downloads need 379.1 MB and this disk has 200.0 MB free. Free some space first.',
    );
    await waitFor(() =>
      expect((screen.getByTestId('setup-install') as HTMLButtonElement).disabled).toBe(true),
    );
  });
});
