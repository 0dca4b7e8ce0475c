/**
 * The MIDI feature's limits (docs/api/midi.md, "Limits"): the longest input it transcribes and
 * how long its download links live. The posteriorgram of 30 minutes is about 270 MB in memory,
 * the ceiling this engine accepts on a 2-core, 24 GiB desktop while other jobs run.
 */
export const MAX_MIDI_INPUT_SECONDS = 30 * 60;
/** Presigned .mid and stem audio links: one hour; the status route mints fresh ones. */
export const MIDI_URL_TTL_SECONDS = 3600;
