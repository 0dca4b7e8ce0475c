/**
 * Timestamps as the contract writes them (ISO 8601 UTC, the same text SQLite's default columns
 * produce), so expiries compare correctly as strings inside SQL.
 */
export function nowIso(at: number = Date.now()): string {
  return new Date(at).toISOString();
}

export function isoAfterSeconds(seconds: number, from: number = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}

export function isPast(iso: string, at: number = Date.now()): boolean {
  return Date.parse(iso) <= at;
}
