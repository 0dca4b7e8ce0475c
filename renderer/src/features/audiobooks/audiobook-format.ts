/**
 * Words, runtimes, money, labels and form rules for the audiobook screens. Pure; unit-tested in
 * test/renderer/audiobooks-format.test.ts.
 */
import { errorMessage } from '../../api/errors.ts';

/** "≈ 2 h 05 min", "12 min", "< 1 min" for an estimated runtime in minutes. */
export function formatRuntime(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '–';
  if (minutes === 0) return '0 min';
  if (minutes < 1) return '< 1 min';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  return `${hours} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** A runtime estimate for display: "≈ 12 min", "< 1 min" (already an estimate), "–". */
export function approxRuntime(minutes: number): string {
  const text = formatRuntime(minutes);
  return /^\d/.test(text) && minutes > 0 ? `≈ ${text}` : text;
}

/** "14:03" today, "3 Mar" this year, "3 Mar 2024" before: short enough for a card's corner. */
export function formatUpdated(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) {
    return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  }
  return date.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
}

export function formatCount(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(locale).format(value);
}

/** "1 word", "12,345 words". */
export function formatWords(value: number, locale?: string): string {
  return `${formatCount(value, locale)} ${value === 1 ? 'word' : 'words'}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Prices are quoted in US dollars (document 2: 0.04 USD per minute of output). */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return '–';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export type Tone = 'ok' | 'warn' | 'error' | 'neutral' | 'running';

const STATUS: Record<string, { label: string; tone: Tone }> = {
  draft: { label: 'No manuscript', tone: 'neutral' },
  parsing: { label: 'Parsing', tone: 'running' },
  ready_for_narration: { label: 'Ready for narration', tone: 'ok' },
  narrating: { label: 'Narrating', tone: 'running' },
  narrated: { label: 'Narrated', tone: 'ok' },
  exported: { label: 'Exported', tone: 'ok' },
  failed: { label: 'Failed', tone: 'error' },
};

/** The badge for a project status; an unknown value is shown as it is, neutrally. */
export function projectStatus(status: string): { label: string; tone: Tone } {
  return STATUS[status] ?? { label: humanize(status), tone: 'neutral' };
}

/** "ready_for_narration" → "Ready for narration". */
export function humanize(value: string): string {
  const words = value.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

export function chapterKindLabel(kind: string): string | null {
  if (kind === 'front_matter') return 'Front matter';
  if (kind === 'back_matter') return 'Back matter';
  return null;
}

/** The label a paragraph's speaker chip shows. */
export function speakerLabel(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? 'Narrator' : trimmed;
}

/**
 * A cast member's voice: document 2 gives an integer id, or null (reads in the narrator voice).
 * The narrator with none chosen reads in the automatic voice the engine names in the cast list.
 */
export function voiceLabel(
  voiceId: number | null,
  isNarrator: boolean,
  automaticVoice: string | null = null,
): string {
  if (voiceId !== null) return `Voice #${voiceId}`;
  if (!isNarrator) return 'Narrator voice';
  return automaticVoice ? `Automatic: ${automaticVoice}` : 'No voice chosen';
}

/**
 * Error lines for the audiobook screens: a 4xx shows the engine's detail alone (written for
 * people: "This paragraph is locked…"); failures that are not the person's doing keep the code
 * and request id, to match an engine log line.
 */
export function audiobookErrorText(error: unknown): string {
  return errorMessage(error);
}

// ---- Form rules (the engine's limits, checked before sending) ------------------------------

export const LIMITS = {
  title: 300,
  author: 300,
  description: 5000,
  characterName: 120,
  direction: 500,
  performedDirection: 110,
} as const;

const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export interface ProjectFields {
  title: string;
  author: string;
  language: string;
  description: string;
}

export type ProjectErrors = Partial<Record<keyof ProjectFields, string>>;

export function projectProblems(fields: ProjectFields): ProjectErrors {
  const errors: ProjectErrors = {};
  const title = fields.title.trim();
  if (title === '') errors.title = 'Give the book a title.';
  else if (title.length > LIMITS.title) errors.title = `At most ${LIMITS.title} characters.`;
  if (fields.author.trim().length > LIMITS.author) {
    errors.author = `At most ${LIMITS.author} characters.`;
  }
  if (fields.language !== '' && !LOCALE.test(fields.language)) {
    errors.language = 'Use a locale such as en-US.';
  }
  if (fields.description.length > LIMITS.description) {
    errors.description = `At most ${LIMITS.description} characters.`;
  }
  return errors;
}

/** null when the speaker name is acceptable ('' means back to the narrator). */
export function speakerProblem(name: string): string | null {
  if (name.trim().length > LIMITS.characterName) {
    return `A speaker name is at most ${LIMITS.characterName} characters.`;
  }
  return null;
}

export function directionProblem(direction: string): string | null {
  if (direction.length > LIMITS.direction) {
    return `A direction is at most ${LIMITS.direction} characters.`;
  }
  return null;
}

export const MANUSCRIPT_EXTENSIONS = ['pdf', 'epub', 'docx', 'txt'] as const;

/** The file picker's `accept`. */
export const MANUSCRIPT_ACCEPT = MANUSCRIPT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** null when the file name has one of the accepted extensions, else the reason. */
export function manuscriptFileProblem(filename: string): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext && (MANUSCRIPT_EXTENSIONS as readonly string[]).includes(ext)) return null;
  return 'Choose a PDF, EPUB, DOCX or TXT file.';
}

/** The parse job's stage as a sentence: "Reading the manuscript…". */
export function importStageText(stage: string | null): string {
  switch (stage) {
    case null:
    case '':
      return 'Waiting for the engine…';
    case 'reading':
      return 'Reading the manuscript…';
    case 'writing chapters':
      return 'Writing chapters and paragraphs…';
    default:
      return `${humanize(stage)}…`;
  }
}
