import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilityStatus } from './capability-status.ts';
import { capabilityOf, loadManifests, type ModelManifest } from './model-manifest.ts';
import { recommendPack, type Machine } from './pack-recommendations.ts';

const GB = 1024 ** 3;
const manifests = loadManifests(path.resolve(import.meta.dirname, '../../../models'));
const llm = manifests.filter((m) => capabilityOf(m) === 'language-model');
const machine = (memoryGb: number, cores: number, gpu: boolean): Machine => ({
  memoryBytes: memoryGb * GB,
  cores,
  gpu,
});
const pick = (m: Machine) => recommendPack('language-model', llm, m)?.id;

describe('language-model packs', () => {
  it('are three GGUF packs pinned by commit, size and sha256, also checked against the Hub', () => {
    expect(llm.map((m) => m.id).sort()).toEqual([
      'qwen2-5-1-5b-instruct-q4km',
      'qwen3-4b-instruct-2507-q4km',
      'qwen3-8b-q4km',
    ]);
    for (const manifest of llm) {
      expect(manifest.task).toBe('llm');
      expect(manifest.nonCommercial).toBeUndefined();
      const [file] = manifest.files as [ModelManifest['files'][number]];
      expect(manifest.files).toHaveLength(1);
      expect(file.url).toContain(`/resolve/${manifest.source.commit}/`);
      expect(file.url.endsWith('.gguf')).toBe(true);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file.bytes).toBeGreaterThan(1e9);
      expect(file.hubVerified).toBe(true);
      expect(file.digestEvidence?.kind).toBe('mirrors-agree');
    }
  });

  it('are recommended by memory and GPU', () => {
    expect(pick(machine(4, 2, false))).toBe('qwen2-5-1-5b-instruct-q4km');
    expect(pick(machine(8, 4, false))).toBe('qwen3-4b-instruct-2507-q4km');
    expect(pick(machine(24, 2, false))).toBe('qwen3-4b-instruct-2507-q4km');
    expect(pick(machine(16, 4, true))).toBe('qwen3-8b-q4km');
    expect(pick(machine(64, 16, false))).toBe('qwen3-8b-q4km');
  });

  it('are not needed when the owner set up a model of their own', () => {
    const packs = { manifests, ready: () => false };
    const engine = { ffmpeg: true, machine: machine(16, 4, false) };
    const missing = capabilityStatus('language-model', packs, engine);
    expect(missing).toMatchObject({
      status: 'needs_pack',
      ready_with: null,
      install: ['qwen3-4b-instruct-2507-q4km'],
    });
    const own = capabilityStatus('language-model', packs, {
      ...engine,
      configured: (c) => (c === 'language-model' ? 'your model file “mine.gguf”' : null),
    });
    expect(own).toMatchObject({
      status: 'ready',
      ready_with: 'configuration',
      install: [],
      message: 'Ready: your model file “mine.gguf”.',
    });
    const installed = capabilityStatus(
      'language-model',
      { manifests, ready: (id) => id === 'qwen3-8b-q4km' },
      engine,
    );
    expect(installed).toMatchObject({ ready_with: 'pack', ready_packs: ['qwen3-8b-q4km'] });
  });
});
