/** The engine's version, kept in step with package.json by a unit test (version.test.ts). */
export const ENGINE_VERSION = '0.1.0';
