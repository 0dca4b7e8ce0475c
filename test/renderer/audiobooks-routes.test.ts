import { describe, expect, it } from 'vitest';
import {
  audiobookView,
  castPath,
  chapterPath,
  defaultChapterId,
  projectPath,
} from '../../renderer/src/features/audiobooks/audiobook-routes.ts';

const ID = '0b6e3c1a-8c1e-4a55-9d6f-3b1f2f8e9a10';
const CH = 'a1f0c2d3-0000-4000-8000-000000000001';

describe('audiobook routes', () => {
  it('maps paths to pages', () => {
    expect(audiobookView('/audiobooks')).toEqual({ kind: 'library' });
    expect(audiobookView(`/audiobooks/${ID}`)).toEqual({
      kind: 'manuscript',
      projectId: ID,
      chapterId: null,
    });
    expect(audiobookView(`/audiobooks/${ID}/chapters/${CH}`)).toEqual({
      kind: 'manuscript',
      projectId: ID,
      chapterId: CH,
    });
    expect(audiobookView(`/audiobooks/${ID}/cast`)).toEqual({ kind: 'cast', projectId: ID });
  });

  it('refuses anything else', () => {
    for (const path of [
      '/jobs',
      '/audiobooks/',
      `/audiobooks/${ID}/chapters`,
      `/audiobooks/${ID}/cast/x`,
      `/audiobooks/${ID}/export`,
      `/audiobooks/${ID}/chapters/${CH}/x`,
    ]) {
      expect(audiobookView(path), path).toEqual({ kind: 'not-found' });
    }
  });

  it('builds paths that read back', () => {
    expect(audiobookView(projectPath(ID))).toMatchObject({ kind: 'manuscript', projectId: ID });
    expect(audiobookView(chapterPath(ID, CH))).toMatchObject({ chapterId: CH });
    expect(audiobookView(castPath(ID))).toEqual({ kind: 'cast', projectId: ID });
    expect(projectPath('a/b')).toBe('/audiobooks/a%2Fb');
  });

  it('opens the first narrated chapter by default', () => {
    const chapters = [
      { id: 'front', skip_narration: true },
      { id: 'one', skip_narration: false },
      { id: 'two', skip_narration: false },
    ];
    expect(defaultChapterId(chapters)).toBe('one');
    expect(defaultChapterId([{ id: 'only', skip_narration: true }])).toBe('only');
    expect(defaultChapterId([])).toBeNull();
  });
});
