import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import {
  fixtureFiles,
  manifestFor,
  writeManifest,
} from '../../../test/integration/models-fixtures.ts';
import { AppError } from '../errors.ts';
import {
  capabilityOf,
  loadManifests,
  packEntries,
  manifestJsonSchema,
  packBytes,
  parseManifest,
  scanManifests,
  type ModelManifest,
} from './model-manifest.ts';

const REPO_MODELS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../models');

const temp = makeTempDir('tapehouse-manifests-');
afterAll(() => temp.cleanup());

const good = (): ModelManifest => manifestFor('test-pack', fixtureFiles());

function rejectWith(raw: unknown, fragment: string, file = 'test-pack.json'): void {
  let caught: unknown;
  try {
    parseManifest(raw, file);
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected "${fragment}" to be rejected`).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe('validation_error');
  expect((caught as AppError).message).toContain(fragment);
}

describe('committed model manifests', () => {
  const manifests = loadManifests(REPO_MODELS);

  it('all validate and cover the real models the project uses', () => {
    expect(manifests.map((m) => m.id).sort()).toEqual(
      expect.arrayContaining([
        'basic-pitch',
        'deepfilternet3',
        'dnsmos',
        'dtln',
        'gtcrn',
        'silero-vad',
      ]),
    );
  });

  it('download every file over https from the pinned source commit or a licence repo', () => {
    for (const manifest of manifests) {
      expect(manifest.licence.length).toBeGreaterThan(0);
      for (const file of manifest.files) {
        const url = new URL(file.url);
        expect(url.protocol, `${manifest.id}/${file.name}`).toBe('https:');
        // Pinned to a commit (or a release asset), never a branch: the sha256 could not hold
        // otherwise. A file with no recorded sha256 is Hub-verified at its pinned commit (the
        // Hub's listing gives the sha256 at install time; docs/api/models.md).
        if (file.sha256 === undefined) {
          expect(file.hubVerified, `${manifest.id}/${file.name}`).toBe(true);
          expect(file.url, `${manifest.id}/${file.name}`).toMatch(
            /^https:\/\/huggingface\.co\/[^/]+\/[^/]+\/resolve\/[0-9a-f]{40}\//,
          );
          continue;
        }
        expect(file.url, `${manifest.id}/${file.name}`).toMatch(
          /\/raw\/[0-9a-f]{40}\/|^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\/|\/releases\/download\/[^/]+\/|^https:\/\/huggingface\.co\/[^/]+\/[^/]+\/resolve\/[0-9a-f]{40}\//,
        );
      }
      const modelFile = manifest.files.find((f) => f.name.endsWith('.onnx'));
      if (modelFile && manifest.source.commit)
        expect(modelFile.url).toContain(manifest.source.commit);
    }
  });

  it('say what each pack lets a user do, in plain words a studio can show', () => {
    const developerWords = /manifest|models\/|TAPEHOUSE_|tensor|\.onnx|\[\d+,|int8|float32/i;
    for (const manifest of manifests) {
      expect(manifest.capability, manifest.id).toBeDefined();
      expect(manifest.purpose, manifest.id).toBeDefined();
      expect(manifest.purpose, manifest.id).not.toMatch(developerWords);
      if (manifest.nonCommercial) expect(manifest.licenceUrl, manifest.id).toMatch(/^https:/);
      for (const required of manifest.requires ?? []) {
        expect(
          manifests.map((m) => m.id),
          `${manifest.id} requires ${required}`,
        ).toContain(required);
      }
    }
  });

  it('offer Whisper tiny, base, small and large-v3-turbo, each with the real multilingual token file', () => {
    const tokens = 'b34b360dbb493e781e479794586d661700670d65564001f23024971d1f2fa126';
    const sizes: Record<string, number> = {
      'whisper-tiny': 103_609_903,
      'whisper-base': 160_609_290,
      'whisper-small': 375_485_327,
      'whisper-large-v3-turbo': 563_790_207,
    };
    for (const [id, bytes] of Object.entries(sizes)) {
      const manifest = manifests.find((m) => m.id === id);
      expect(manifest, id).toBeDefined();
      expect(manifest?.requires).toEqual(['silero-vad']);
      expect(packBytes(manifest as ModelManifest), id).toBe(bytes);
      const token = packEntries(manifest as ModelManifest).find(
        (e) => e.name === 'tokens.tiktoken',
      );
      expect(token, id).toMatchObject({ sha256: tokens, bytes: 816_730 });
      expect(
        packEntries(manifest as ModelManifest)
          .map((e) => e.name)
          .sort(),
        id,
      ).toEqual(['decoder.onnx', 'encoder.onnx', 'tokens.tiktoken']);
    }
    // A third party's digest stays marked as one.
    const small = manifests.find((m) => m.id === 'whisper-small');
    expect(small?.files.every((f) => f.digestEvidence?.kind === 'third-party-attestation')).toBe(
      true,
    );
  });

  it('describe how each neural stem separator runs, with the provenance of every digest', () => {
    const stems = manifests.filter((m) => m.task === 'stems');
    expect(stems.map((m) => m.id).sort()).toEqual(['htdemucs-4s', 'uvr-mdx-net-1-9703']);
    for (const manifest of stems) {
      expect(manifest.separator, manifest.id).toBeDefined();
      expect(manifest.trainingData, manifest.id).toBeDefined();
      // None of these digests is published by the file's own host: each row says where it is from.
      for (const file of manifest.files) expect(file.digestEvidence, file.name).toBeDefined();
    }
    const demucs = stems.find((m) => m.id === 'htdemucs-4s');
    expect(demucs?.separator).toMatchObject({
      kind: 'waveform',
      sources: ['drums', 'bass', 'other', 'vocals'],
      segment: 343980,
    });
    expect(demucs?.files[0]?.digestEvidence?.kind).toBe('third-party-attestation');
    expect(demucs?.trainingData).toMatch(/MUSDB18.*non-commercial/);
  });

  it('keep the basic-pitch model file the tests and MIDI feature rely on', () => {
    const pitch = manifests.find((m) => m.id === 'basic-pitch');
    expect(pitch?.files.find((f) => f.name === 'nmp.onnx')).toMatchObject({
      path: 'midi/nmp.onnx',
      bytes: 230444,
      sha256: '2c3c1d144bfa61ad236e92e169c13535c880469a12a047d4e73451f2c059a0ec',
    });
    expect(packBytes(pitch as ModelManifest)).toBe(230444 + 11384);
  });

  it('match the committed JSON Schema (regenerate with `npm run models -- schema`)', () => {
    const committed: unknown = JSON.parse(
      fs.readFileSync(path.join(REPO_MODELS, 'schema', 'model-pack.schema.json'), 'utf8'),
    );
    expect(committed).toEqual(manifestJsonSchema());
  });
});

describe('manifest schema', () => {
  it('accepts a well-formed manifest, including loopback http for tests', () => {
    expect(parseManifest(good(), 'test-pack.json').id).toBe('test-pack');
    const local = manifestFor(
      'test-pack',
      fixtureFiles(),
      (f) => `http://127.0.0.1:8080/${f.name}`,
    );
    expect(parseManifest(local, 'dir/test-pack.json').files[0]?.url).toContain('127.0.0.1');
  });

  it('rejects malformed manifests with the field path', () => {
    const withFile = (patch: Record<string, unknown>): unknown => {
      const m = good();
      return { ...m, files: [{ ...m.files[0], ...patch }, ...m.files.slice(1)] };
    };
    rejectWith({ ...good(), files: [] }, 'files');
    rejectWith(withFile({ sha256: 'ABC' }), 'files.0.sha256');
    rejectWith(withFile({ sha256: 'A'.repeat(64) }), 'files.0.sha256');
    rejectWith(withFile({ url: 'http://example.com/x.onnx' }), 'files.0.url');
    rejectWith(withFile({ url: 'ftp://127.0.0.1/x' }), 'files.0.url');
    rejectWith(withFile({ url: 'not a url' }), 'files.0.url');
    rejectWith(withFile({ path: '../escape.onnx' }), 'files.0.path');
    rejectWith(withFile({ path: '/abs/x.onnx' }), 'files.0.path');
    rejectWith(withFile({ name: 'sub/x.onnx' }), 'files.0.name');
    rejectWith(withFile({ name: 'installed.json' }), 'reserved');
    rejectWith(withFile({ bytes: 0 }), 'files.0.bytes');
    rejectWith(withFile({ bytes: 1.5 }), 'files.0.bytes');
    rejectWith(withFile({ name: 'LICENSE' }), 'duplicate file name');
    rejectWith(withFile({ mirror: 'https://x' }), 'mirror');
    rejectWith({ ...good(), license: 'MIT' }, 'license');
    rejectWith({ ...good(), task: 'karaoke' }, 'task');
    rejectWith({ ...good(), id: 'Bad_Id' }, 'id');
    rejectWith({ ...good(), manifestVersion: 2 }, 'manifestVersion');
    rejectWith({ ...good(), source: { page: 'http://example.com' } }, 'source.page');
  });

  it('accepts a separator only on stems packs and only naming one of the pack files', () => {
    const separator = {
      kind: 'waveform',
      file: good().files[0]!.name,
      sources: ['drums', 'other'],
      segment: 4096,
      sampleRate: 44100,
      rank: 1,
    };
    expect(
      parseManifest({ ...good(), task: 'stems', separator }, 'test-pack.json').separator,
    ).toEqual(separator);
    rejectWith({ ...good(), task: 'denoise', separator }, 'only for task "stems"');
    rejectWith(
      { ...good(), task: 'stems', separator: { ...separator, file: 'missing.onnx' } },
      'separator.file',
    );
    rejectWith(
      { ...good(), task: 'stems', separator: { ...separator, sampleRate: 48000 } },
      'separator',
    );
    rejectWith(
      { ...good(), task: 'stems', separator: { ...separator, kind: 'spleeter' } },
      'separator',
    );
  });

  it('pins Hub files to a commit, and Hub-verifies only pinned Hub files', () => {
    const hub = 'https://huggingface.co/owner/repo/resolve';
    const commit = 'a'.repeat(40);
    const withFile = (patch: Record<string, unknown>): unknown => {
      const m = good();
      return { ...m, files: [{ ...m.files[0], ...patch }, ...m.files.slice(1)] };
    };
    rejectWith(withFile({ url: `${hub}/main/x.onnx` }), 'never a branch');
    const verified = parseManifest(
      withFile({
        url: `${hub}/${commit}/onnx/x.onnx`,
        sha256: undefined,
        bytes: undefined,
        hubVerified: true,
      }),
      'test-pack.json',
    );
    expect(verified.files[0]).toMatchObject({ hubVerified: true });
    expect(packBytes(verified)).toBe(good().files[1]!.bytes);
    rejectWith(withFile({ hubVerified: true }), 'only a https://huggingface.co');
    rejectWith(
      withFile({ sha256: undefined }),
      'every file needs a sha256, an upstream md5, or hubVerified',
    );
    rejectWith(withFile({ bytes: undefined }), 'bytes is required unless');
  });

  it('takes a licence URL, a non-commercial flag (which needs the URL), a capability and a purpose', () => {
    const terms = {
      licence: 'CC-BY-NC-4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by-nc/4.0/',
      nonCommercial: true,
      capability: 'translation',
      purpose: 'Translates text between 200 languages.',
    };
    expect(parseManifest({ ...good(), ...terms }, 'test-pack.json')).toMatchObject(terms);
    rejectWith({ ...good(), nonCommercial: true }, 'licenceUrl');
    rejectWith({ ...good(), capability: 'karaoke' }, 'capability');
    expect(capabilityOf(good())).toBe('noise-reduction');
    expect(capabilityOf({ task: 'tts', engine: 'zeroshot' })).toBe('voice-cloning');
  });

  it('requires the file name to match the pack id', () => {
    rejectWith(good(), 'must live in a file named test-pack.json', 'other.json');
  });
});

describe('loadManifests', () => {
  it('names every bad file at once and keeps the good ones out of a partial load', () => {
    const dir = path.join(temp.dir, 'mixed');
    writeManifest(dir, good());
    writeManifest(dir, { ...manifestFor('broken', fixtureFiles()), task: 'nope' });
    fs.writeFileSync(path.join(dir, 'garbled.json'), '{ "id": ');
    fs.writeFileSync(path.join(dir, 'README.md'), 'not a manifest');

    const scan = scanManifests(dir);
    expect(scan.manifests.map((m) => m.id)).toEqual(['test-pack']);
    expect(scan.problems.map((p) => path.basename(p.file))).toEqual([
      'broken.json',
      'garbled.json',
    ]);

    let caught: unknown;
    try {
      loadManifests(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const message = (caught as AppError).message;
    expect(message).toContain('broken.json: task');
    expect(message).toContain('garbled.json: not readable JSON');
  });

  it('reports a missing folder', () => {
    expect(() => loadManifests(path.join(temp.dir, 'nowhere'))).toThrow(/does not exist/);
  });
});
