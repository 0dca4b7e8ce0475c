import { describe, expect, it } from 'vitest';
import { ApiError } from '../../renderer/src/api/errors.ts';
import {
  audiobookErrorText,
  chapterKindLabel,
  directionProblem,
  formatCount,
  formatRuntime,
  formatUsd,
  formatUpdated,
  formatWords,
  approxRuntime,
  humanize,
  importStageText,
  manuscriptFileProblem,
  plural,
  projectProblems,
  projectStatus,
  speakerLabel,
  speakerProblem,
  voiceLabel,
} from '../../renderer/src/features/audiobooks/audiobook-format.ts';

describe('audiobook formatting', () => {
  it('formats estimated runtimes', () => {
    expect(formatRuntime(0)).toBe('0 min');
    expect(formatRuntime(0.4)).toBe('< 1 min');
    expect(formatRuntime(1.1)).toBe('1 min');
    expect(formatRuntime(59.4)).toBe('59 min');
    expect(formatRuntime(59.6)).toBe('1 h 00 min');
    expect(formatRuntime(125)).toBe('2 h 05 min');
    expect(formatRuntime(-1)).toBe('–');
    expect(formatRuntime(Number.NaN)).toBe('–');
  });

  it('marks estimates as approximate, except the already-approximate ones', () => {
    expect(approxRuntime(12)).toBe('≈ 12 min');
    expect(approxRuntime(125)).toBe('≈ 2 h 05 min');
    expect(approxRuntime(0.4)).toBe('< 1 min');
    expect(approxRuntime(0)).toBe('0 min');
    expect(approxRuntime(Number.NaN)).toBe('–');
  });

  it('dates a card by time today, by day otherwise', () => {
    const now = new Date(2026, 2, 14, 18, 0);
    expect(formatUpdated(new Date(2026, 2, 14, 9, 5).toISOString(), now, 'en-GB')).toBe('09:05');
    expect(formatUpdated(new Date(2026, 2, 3, 9, 5).toISOString(), now, 'en-GB')).toBe('3 Mar');
    expect(formatUpdated(new Date(2024, 2, 3).toISOString(), now, 'en-GB')).toBe('3 Mar 2024');
    expect(formatUpdated('not a date', now)).toBe('not a date');
  });

  it('formats counts, words and dollars', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(formatWords(1, 'en-US')).toBe('1 word');
    expect(formatWords(1234, 'en-US')).toBe('1,234 words');
    expect(plural(1, 'chapter')).toBe('1 chapter');
    expect(plural(2, 'chapter')).toBe('2 chapters');
    expect(formatUsd(0.04)).toBe('$0.04');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(Number.NaN)).toBe('–');
  });

  it('labels project statuses, including unknown ones', () => {
    expect(projectStatus('parsing')).toEqual({ label: 'Parsing', tone: 'running' });
    expect(projectStatus('ready_for_narration')).toEqual({
      label: 'Ready for narration',
      tone: 'ok',
    });
    expect(projectStatus('failed')).toEqual({ label: 'Failed', tone: 'error' });
    expect(projectStatus('narrating')).toEqual({ label: 'Narrating', tone: 'running' });
    expect(projectStatus('narrated')).toEqual({ label: 'Narrated', tone: 'ok' });
    expect(projectStatus('draft').tone).toBe('neutral');
    expect(projectStatus('exporting_now')).toEqual({ label: 'Exporting now', tone: 'neutral' });
    expect(humanize('ready_for_narration')).toBe('Ready for narration');
  });

  it('labels chapters, speakers and voices', () => {
    expect(chapterKindLabel('front_matter')).toBe('Front matter');
    expect(chapterKindLabel('back_matter')).toBe('Back matter');
    expect(chapterKindLabel('chapter')).toBeNull();
    expect(speakerLabel('')).toBe('Narrator');
    expect(speakerLabel('  ')).toBe('Narrator');
    expect(speakerLabel(' Alice ')).toBe('Alice');
    expect(voiceLabel(12, false)).toBe('Voice #12');
    expect(voiceLabel(null, false)).toBe('Narrator voice');
    expect(voiceLabel(null, true)).toBe('No voice chosen');
    expect(voiceLabel(null, true, 'English (America)')).toBe('Automatic: English (America)');
    expect(voiceLabel(null, false, 'English (America)')).toBe('Narrator voice');
  });

  it('shows the engine’s sentence, never its code, and says so plainly when it is unreachable', () => {
    const locked = new ApiError(409, 'conflict', 'Paragraph x is locked.', 'r-1');
    expect(audiobookErrorText(locked)).toBe('Paragraph x is locked.');
    const down = new ApiError(0, 'network_error', 'fetch failed');
    expect(audiobookErrorText(down)).toMatch(/^The engine could not be reached\. Check/);
    expect(audiobookErrorText(down)).not.toMatch(/network_error|fetch/);
    const crash = new ApiError(500, 'internal_error', 'Boom', 'r-2');
    expect(audiobookErrorText(crash)).toBe('Boom');
    expect(audiobookErrorText(new Error('plain'))).toBe('plain');
  });

  it('checks the new-project form against the engine’s limits', () => {
    const ok = { title: 'Alice', author: 'Lewis Carroll', language: 'en-GB', description: '' };
    expect(projectProblems(ok)).toEqual({});
    expect(projectProblems({ ...ok, title: '   ' }).title).toBe('Give the book a title.');
    expect(projectProblems({ ...ok, title: 'x'.repeat(301) }).title).toMatch(/300/);
    expect(projectProblems({ ...ok, author: 'x'.repeat(301) }).author).toMatch(/300/);
    expect(projectProblems({ ...ok, language: 'english' }).language).toMatch(/en-US/);
    expect(projectProblems({ ...ok, language: 'pt-BR' })).toEqual({});
    expect(projectProblems({ ...ok, description: 'x'.repeat(5001) }).description).toMatch(/5000/);
  });

  it('checks speaker names, directions and manuscript files', () => {
    expect(speakerProblem('')).toBeNull();
    expect(speakerProblem('x'.repeat(120))).toBeNull();
    expect(speakerProblem('x'.repeat(121))).toMatch(/120/);
    expect(directionProblem('x'.repeat(500))).toBeNull();
    expect(directionProblem('x'.repeat(501))).toMatch(/500/);
    for (const name of ['book.pdf', 'BOOK.EPUB', 'a.docx', 'alice.txt']) {
      expect(manuscriptFileProblem(name)).toBeNull();
    }
    for (const name of ['book.doc', 'cover.png', 'noext']) {
      expect(manuscriptFileProblem(name)).toMatch(/PDF, EPUB, DOCX or TXT/);
    }
  });

  it('words the parse job’s stages', () => {
    expect(importStageText(null)).toBe('Waiting for the engine…');
    expect(importStageText('reading')).toBe('Reading the manuscript…');
    expect(importStageText('writing chapters')).toBe('Writing chapters and paragraphs…');
    expect(importStageText('speaker_pass')).toBe('Speaker pass…');
  });
});
