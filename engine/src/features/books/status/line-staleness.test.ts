// Which change makes a line's active take stale, read from what the take recorded.
import { describe, expect, it } from 'vitest';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import type { TakeRow } from '../../../db/schema/narration.ts';
import { staleReason } from './line-staleness.ts';

const line = (patch: Partial<ParagraphRow> = {}): ParagraphRow =>
  ({
    id: 'p',
    text: 'Hello there.',
    characterName: null,
    direction: '',
    voiceId: null,
    voiceSetBy: null,
    audioKey: 't',
    ...patch,
  }) as ParagraphRow;

const take = (settings: Record<string, unknown>, patch: Partial<TakeRow> = {}): TakeRow =>
  ({ id: 't', text: 'Hello there.', voiceId: 7, settings, ...patch }) as TakeRow;

const narrated = { voice_source: 'project', character_name: null, direction: '' };

describe('staleReason', () => {
  it('is null without audio or while the line matches its take', () => {
    expect(staleReason(line({ audioKey: null }), take(narrated), 7)).toBeNull();
    expect(staleReason(line(), take(narrated), 7)).toBeNull();
  });

  it('names text before speaker, voice and direction', () => {
    const changed = line({ text: 'Hi.', characterName: 'Ann', direction: 'softly' });
    expect(staleReason(changed, take(narrated), 9)).toBe('text');
    expect(staleReason(line({ characterName: 'Ann' }), take(narrated), 9)).toBe('speaker');
    expect(staleReason(line(), take(narrated), 9)).toBe('voice');
    expect(staleReason(line({ direction: 'softly' }), take(narrated), 7)).toBe('direction');
  });

  it('compares with what the line said, not with a narrate override', () => {
    const override = take({ ...narrated, line_text: 'Hello there.' }, { text: 'Something else.' });
    expect(staleReason(line(), override, 7)).toBeNull();
  });

  it('keeps a voice chosen on narrate or batch until the line is given another by hand', () => {
    const chosen = take({ ...narrated, voice_source: 'batch' });
    expect(staleReason(line(), chosen, 3)).toBeNull();
    expect(staleReason(line({ voiceId: 3, voiceSetBy: 'user' }), chosen, 3)).toBe('voice');
  });

  it('holds a recorded take to its text only', () => {
    const recorded = take({ source: 'recording' });
    expect(staleReason(line({ characterName: 'Ann' }), recorded, 9)).toBeNull();
    expect(staleReason(line({ text: 'Hi.' }), recorded, 9)).toBe('text');
  });
});
