/**
 * Import boundaries of the engine's product areas (docs/architecture.md, "Areas"). Run by
 * `npm run lint:boundaries` inside `npm test`; test/architecture/boundaries.test.ts proves that a
 * wrong import fails it.
 *
 * - An area is one folder under engine/src/features/. Another area reaches it only through its
 *   index.ts; its repositories, tables and internals are its own.
 * - engine/areas.json lists the allowed direction between areas. It must stay acyclic (the
 *   test checks); an import against it is an error.
 * - Infrastructure (api/, jobs/, inference/, audio/, db/) never reaches into an area; only the
 *   composition root (engine.ts, services.ts) and the route table import areas, by index.ts.
 * - A table's schema file is imported only by the area that owns it (engine/areas.json).
 * - A general library (engine/src/libraries/<name>/, engine/areas.json `libraries`) imports no
 *   area and no infrastructure, only the libraries it lists; everything else reaches it through
 *   its index.ts.
 * - The renderer imports the engine for types only; nothing of the engine is bundled.
 */

const areas = require('./engine/areas.json');

/** Which areas each area may import (through their index.ts). */
const AREA_DEPENDENCIES = areas.dependencies;

/** db/schema/<file>.ts → the one place allowed to import it. */
const SCHEMA_OWNERS = areas.schemaOwners;

const AREA = '^engine/src/features/';

/** libraries/<name> → the libraries it may import. */
const LIBRARY_DEPENDENCIES = Object.fromEntries(
  Object.entries(areas.libraries).filter(([name]) => !name.startsWith('$')),
);

const LIBRARY = '^engine/src/libraries/';

function libraryRules() {
  return Object.keys(LIBRARY_DEPENDENCIES).map((library) => {
    const allowed = [library, ...LIBRARY_DEPENDENCIES[library]];
    return {
      name: `library-${library}-depends-only-on-its-list`,
      comment: `${library} may import only ${allowed.join(', ')} (engine/areas.json libraries).`,
      severity: 'error',
      from: { path: `${LIBRARY}${library}/` },
      to: { path: LIBRARY, pathNot: allowed.map((l) => `${LIBRARY}${l}/`) },
    };
  });
}

function areaRules() {
  const known = Object.keys(AREA_DEPENDENCIES);
  return known.map((area) => {
    const allowed = [area, ...AREA_DEPENDENCIES[area]];
    return {
      name: `area-${area}-depends-only-on-its-list`,
      comment: `${area} may import only ${allowed.join(', ')} (engine/areas.json).`,
      severity: 'error',
      from: { path: `${AREA}${area}/` },
      to: { path: AREA, pathNot: allowed.map((a) => `${AREA}${a}/`) },
    };
  });
}

function schemaRules() {
  return Object.entries(SCHEMA_OWNERS).map(([files, owner]) => ({
    name: `schema-${files.split('|')[0]}-owned-by-one-area`,
    comment: `db/schema/(${files}).ts belongs to ${owner}; other code asks that owner.`,
    severity: 'error',
    from: { pathNot: [`^${owner}`, '^engine/src/db/', '^test/', '^scripts/'] },
    to: { path: `^engine/src/db/schema/(${files})\\.ts$` },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'area-internals',
      comment: 'Import another area only through its index.ts.',
      severity: 'error',
      from: { path: `${AREA}([^/]+)/` },
      to: {
        path: AREA,
        pathNot: [`${AREA}$1/`, `${AREA}[^/]+/index\\.ts$`],
      },
    },
    ...areaRules(),
    {
      name: 'unknown-area',
      comment: 'Every folder under features/ is an area listed in engine/areas.json.',
      severity: 'error',
      from: {
        path: AREA,
        pathNot: Object.keys(AREA_DEPENDENCIES).map((a) => `${AREA}${a}/`),
      },
      to: {},
    },
    {
      name: 'infrastructure-never-imports-areas',
      comment:
        'api/, jobs/, inference/, audio/ and db/ are below every area; only the route table ' +
        'and the composition root import areas.',
      severity: 'error',
      from: {
        path: '^engine/src/(api|jobs|inference|audio|db)/',
        pathNot: ['^engine/src/api/route-table\\.ts$', '^engine/src/db/schema/'],
      },
      to: { path: AREA },
    },
    {
      name: 'root-imports-areas-by-index',
      comment: 'engine.ts, services.ts and the route table import an area only by its index.ts.',
      severity: 'error',
      from: {
        path: '^engine/src/(engine|services|main|core)\\.ts$|^engine/src/api/route-table\\.ts$',
      },
      to: { path: AREA, pathNot: `${AREA}[^/]+/index\\.ts$` },
    },
    {
      name: 'schema-imports-only-its-area-vocabulary',
      comment: 'A table schema may import plain vocabularies of its own area, nothing else.',
      severity: 'error',
      from: { path: '^engine/src/db/schema/' },
      to: {
        path: AREA,
        pathNot: [`${AREA}books/vocabulary\\.ts$`, `${AREA}webhooks/delivery-statuses\\.ts$`],
      },
    },
    ...schemaRules(),
    ...libraryRules(),
    {
      name: 'library-is-general',
      comment:
        'A library knows no product area and no infrastructure: no features/, db/, jobs/, api/, ' +
        'inference/ or audio/ (docs/architecture.md, "Libraries").',
      severity: 'error',
      from: { path: LIBRARY },
      to: { path: '^engine/src/(features|db|jobs|api|inference|audio)/' },
    },
    {
      name: 'library-by-index',
      comment: 'Code outside a library reaches it only through its index.ts.',
      severity: 'error',
      from: { path: '^engine/src/', pathNot: `${LIBRARY}([^/]+)/` },
      to: { path: LIBRARY, pathNot: `${LIBRARY}[^/]+/index\\.ts$` },
    },
    {
      name: 'library-internals',
      comment: 'One library reaches another only through its index.ts.',
      severity: 'error',
      from: { path: `${LIBRARY}([^/]+)/` },
      to: { path: LIBRARY, pathNot: [`${LIBRARY}$1/`, `${LIBRARY}[^/]+/index\\.ts$`] },
    },
    {
      name: 'unknown-library',
      comment: 'Every folder under libraries/ is listed in engine/areas.json `libraries`.',
      severity: 'error',
      from: {
        path: LIBRARY,
        pathNot: Object.keys(LIBRARY_DEPENDENCIES).map((l) => `${LIBRARY}${l}/`),
      },
      to: {},
    },
    {
      name: 'no-circular-areas',
      comment:
        'No runtime import cycle that crosses an area boundary. (Type-only cycles through the ' +
        "edge's Services container are expected: routes are typed by it, it names every area.)",
      severity: 'error',
      from: { path: `${AREA}([^/]+)/` },
      to: {
        circular: true,
        pathNot: `${AREA}$1/`,
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'renderer-types-only',
      comment: 'The studio imports engine code for types only; nothing of the engine is bundled.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^engine/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'engine-never-imports-the-studio',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(renderer|electron)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'] },
  },
};
