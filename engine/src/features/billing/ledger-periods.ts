/**
 * The windows credits reset on, computed from timestamps (no timers): subscription credits per
 * UTC calendar month, the daily consumption counter per UTC day.
 */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayStart(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
}

export interface Period {
  start: string;
  end: string;
}

/** The calendar month (UTC) containing `ms`: [first day 00:00, first day of next month). */
export function monthPeriod(ms: number): Period {
  const d = new Date(ms);
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
  };
}
