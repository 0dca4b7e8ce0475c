/**
 * Whether the database answers, for GET /health: the one place outside a repository that talks
 * to SQLite directly, because it checks the connection itself rather than any table.
 */
import type { DatabaseHandle } from './client.ts';

export interface DatabaseHealth {
  status: 'ok' | 'error';
  path: string;
  journal_mode: string;
  schema_version: string;
  error: string | null;
}

export function databaseHealth(database: DatabaseHandle, schemaVersion: string): DatabaseHealth {
  try {
    const mode = database.sqlite.pragma('journal_mode', { simple: true });
    database.sqlite.prepare('SELECT 1').get();
    return {
      status: 'ok',
      path: database.file,
      journal_mode: String(mode),
      schema_version: schemaVersion,
      error: null,
    };
  } catch (error) {
    return {
      status: 'error',
      path: database.file,
      journal_mode: 'unknown',
      schema_version: schemaVersion,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
