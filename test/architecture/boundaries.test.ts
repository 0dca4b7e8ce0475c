/**
 * The import boundaries of the engine's areas (.dependency-cruiser.cjs, engine/areas.json):
 * the declared area graph is acyclic and matches the folders, the real tree obeys the rules, and
 * a deliberately wrong import — an area reaching into another area's repository — is caught.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IReporterOutput } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const areas = createRequire(import.meta.url)(path.join(ROOT, 'engine/areas.json')) as {
  dependencies: Record<string, string[]>;
  libraries: Record<string, string[] | string>;
};
const FEATURES = path.join(ROOT, 'engine/src/features');
const LIBRARIES = path.join(ROOT, 'engine/src/libraries');
const libraryGraph = Object.fromEntries(
  Object.entries(areas.libraries).filter(
    (entry): entry is [string, string[]] => !entry[0].startsWith('$') && Array.isArray(entry[1]),
  ),
);

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

async function violations(baseDir: string, files: string[]): Promise<Violation[]> {
  const config = (await extractDepcruiseConfig(path.join(ROOT, '.dependency-cruiser.cjs'))) as {
    forbidden: unknown[];
    options: ICruiseOptions;
  };
  const { forbidden, options } = config;
  const previous = process.cwd();
  process.chdir(baseDir);
  try {
    const output: IReporterOutput = await cruise(files, {
      ...options,
      validate: true,
      ruleSet: { forbidden } as ICruiseOptions['ruleSet'],
      tsConfig: undefined,
    });
    const result = output.output as { summary: { violations: Violation[] } };
    return result.summary.violations;
  } finally {
    process.chdir(previous);
  }
}

function findCycle(graph: Record<string, string[]>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const walk = (node: string, trail: string[]): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...trail, node];
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('area boundaries', () => {
  it('declares an acyclic area graph naming only known areas', () => {
    expect(findCycle(areas.dependencies)).toBeNull();
    const known = new Set(Object.keys(areas.dependencies));
    for (const [area, deps] of Object.entries(areas.dependencies))
      for (const dep of deps) expect(known.has(dep), `${area} → unknown area ${dep}`).toBe(true);
    // Every area folder is declared, and exposes itself through one index.ts.
    for (const entry of fs.readdirSync(FEATURES, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      expect(known.has(entry.name), `features/${entry.name} is not in engine/areas.json`).toBe(
        true,
      );
      expect(fs.existsSync(path.join(FEATURES, entry.name, 'index.ts'))).toBe(true);
    }
  });

  it('declares the general libraries, acyclic, each with an index.ts and no area name', () => {
    expect(findCycle(libraryGraph)).toBeNull();
    const known = new Set(Object.keys(libraryGraph));
    for (const deps of Object.values(libraryGraph))
      for (const dep of deps) expect(known.has(dep), `unknown library ${dep}`).toBe(true);
    const folders = fs
      .readdirSync(LIBRARIES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...known].sort());
    for (const name of folders) {
      expect(fs.existsSync(path.join(LIBRARIES, name, 'index.ts'))).toBe(true);
      expect(name in areas.dependencies, `${name} is both an area and a library`).toBe(false);
    }
  });

  it('holds for the engine and the studio as they are', async () => {
    const found = await violations(ROOT, ['engine/src', 'renderer/src']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  describe('on a tree with wrong imports', () => {
    let temp: ReturnType<typeof makeTempDir>;
    const write = (file: string, text: string) => {
      const full = path.join(temp.dir, file);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, text);
    };

    beforeAll(() => {
      temp = makeTempDir();
      write('engine/src/db/schema/audiobook.ts', 'export const paragraphs = 1;\n');
      write('engine/src/db/schema/jobs.ts', 'export const jobs = 1;\n');
      write(
        'engine/src/features/books/narration/take-repo.ts',
        "import { paragraphs } from '../../../db/schema/audiobook.ts';\nexport class TakeRepo { n = paragraphs; }\n",
      );
      write(
        'engine/src/features/books/index.ts',
        "export { TakeRepo } from './narration/take-repo.ts';\n",
      );
      write('engine/src/features/platform/index.ts', 'export const files = 1;\n');
      // Right: books through platform's index. Wrong: music reaching books' repository and table,
      // and platform (below books) importing books at all.
      write(
        'engine/src/features/books/projects/project-service.ts',
        "import { files } from '../../platform/index.ts';\nexport const a = files;\n",
      );
      write(
        'engine/src/features/music/midi/midi-service.ts',
        "import { TakeRepo } from '../../books/narration/take-repo.ts';\n" +
          "import { paragraphs } from '../../../db/schema/audiobook.ts';\n" +
          'export const b = [TakeRepo, paragraphs];\n',
      );
      write(
        'engine/src/features/platform/files/file-store.ts',
        "import { TakeRepo } from '../../books/index.ts';\nexport const c = TakeRepo;\n",
      );
      // Libraries: one reaching into a book repository and another library's internals; an area
      // importing a library's internals instead of its index.
      write('engine/src/libraries/speaker-attribution/index.ts', 'export const who = 1;\n');
      write('engine/src/libraries/speaker-attribution/scene.ts', 'export const scene = 1;\n');
      write(
        'engine/src/libraries/manuscript/index.ts',
        "import { TakeRepo } from '../../features/books/narration/take-repo.ts';\n" +
          "import { scene } from '../speaker-attribution/scene.ts';\n" +
          'export const e = [TakeRepo, scene];\n',
      );
      write(
        'engine/src/features/books/cast/cast-service.ts',
        "import { scene } from '../../../libraries/speaker-attribution/scene.ts';\n" +
          "import { who } from '../../../libraries/speaker-attribution/index.ts';\n" +
          'export const f = [scene, who];\n',
      );
      write(
        'engine/src/jobs/job-runner.ts',
        "import { TakeRepo } from '../features/books/index.ts';\nexport const d = TakeRepo;\n",
      );
    });
    afterAll(() => temp.cleanup());

    it('fails an area importing another area’s repository, table or a lower area', async () => {
      const found = await violations(temp.dir, ['engine/src']);
      const seen = found.map((v) => `${v.rule.name} ${v.from}`);
      expect(seen).toEqual(
        expect.arrayContaining([
          'area-internals engine/src/features/music/midi/midi-service.ts',
          'area-music-depends-only-on-its-list engine/src/features/music/midi/midi-service.ts',
          'schema-audiobook-owned-by-one-area engine/src/features/music/midi/midi-service.ts',
          'area-platform-depends-only-on-its-list engine/src/features/platform/files/file-store.ts',
          'infrastructure-never-imports-areas engine/src/jobs/job-runner.ts',
          'library-is-general engine/src/libraries/manuscript/index.ts',
          'library-internals engine/src/libraries/manuscript/index.ts',
          'library-manuscript-depends-only-on-its-list engine/src/libraries/manuscript/index.ts',
          'library-by-index engine/src/features/books/cast/cast-service.ts',
        ]),
      );
      // A library's index is the allowed way in.
      expect(
        found.filter((v) => v.from.includes('cast-service') && v.to.endsWith('index.ts')),
      ).toEqual([]);
      // The allowed imports raise nothing.
      expect(found.filter((v) => v.from.includes('project-service'))).toEqual([]);
      expect(found.filter((v) => v.from.includes('take-repo'))).toEqual([]);
    }, 60_000);
  });
});
