/** Line statuses that mean "a narration job holds this line" (queued or being spoken). */
export const ACTIVE_LINE: ReadonlySet<string> = new Set(['queued', 'narrating']);
