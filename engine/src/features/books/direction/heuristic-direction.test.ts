import { describe, expect, it } from 'vitest';
import { directionToProsody } from '../../voices/index.ts';
import { bookBrief, directParagraph, speechParts } from './heuristic-direction.ts';

const brief = bookBrief({
  title: 'The Harbour',
  author: 'Ada Writer',
  opening: [
    'The harbour was grey and still when the ferry came in, and the lamps along the quay burned low.',
    '“We should leave before the tide turns,” said Anna.',
  ],
});

describe('heuristic direction', () => {
  it('writes a brief from the opening: tone, pace, dialogue share', () => {
    expect(brief.tone).toBe('calm');
    expect(brief.dialogueShare).toBeGreaterThan(0.2);
    expect(brief.dialogueShare).toBeLessThan(0.6);
    expect(brief.text).toContain('The Harbour');
    const dark = bookBrief({
      title: 'Night',
      author: null,
      opening: [
        'The darkness fell. Blood on the stones, a corpse in the fog, and the shadows of the dead.',
      ],
    });
    expect(dark.tone).toBe('mysterious');
  });

  it('directs dialogue by its reporting verb, not by words inside the speech', () => {
    const whisper = directParagraph('“Come closer,” she whispered.', brief, { speaker: null });
    expect(whisper.emotion).toBe('whisper');
    expect(directParagraph('“Get out!” he shouted.', brief, { speaker: 'Tom' })).toMatchObject({
      emotion: 'shout',
      direction: expect.stringContaining('as Tom'),
    });
    expect(directParagraph('“I lost him,” she sobbed.', brief, { speaker: null }).emotion).toBe(
      'sad',
    );
    expect(
      directParagraph('“Do not whisper,” said Anna.', brief, { speaker: null }).emotion,
    ).not.toBe('whisper');
  });

  it('falls back to punctuation, then to the scene and the brief', () => {
    expect(directParagraph('“Fire! Fire!” said the boy.', brief, { speaker: null }).emotion).toBe(
      'excited',
    );
    expect(directParagraph('“I thought—”', brief, { speaker: null }).emotion).toBe('fearful');
    expect(directParagraph('“STOP THAT NOW,”', brief, { speaker: null }).emotion).toBe('shout');
    expect(
      directParagraph('In the darkness of the crypt, blood dripped on the dead.', brief, {
        speaker: null,
      }).emotion,
    ).toBe('mysterious');
    expect(directParagraph('He walked to the shop.', brief, { speaker: null })).toMatchObject({
      emotion: 'calm',
      direction: expect.stringContaining('narration'),
    });
  });

  it('reads dash dialogue and keeps notes within the 110 performed characters', () => {
    expect(speechParts('— Vieni qui, — sussurrò Lucia.').rest).toContain('sussurrò');
    const long = directParagraph('“Wait,” she whispered.', brief, {
      speaker: 'A character with a remarkably long name that goes on and on and on for ever',
    });
    expect(long.direction.length).toBeLessThanOrEqual(110);
  });

  it('writes notes the TTS engines act on (the voices lexicon)', () => {
    const whisper = directionToProsody({
      direction: directParagraph('“Hush,” she whispered.', brief, { speaker: null }).direction,
    });
    expect(whisper.gainDb).toBeLessThan(0);
    const shout = directionToProsody({
      direction: directParagraph('“Run!” he shouted.', brief, { speaker: null }).direction,
    });
    expect(shout.pitchSemitones).toBeGreaterThan(0);
    const sad = directionToProsody({
      direction: directParagraph('“Gone,” she sobbed.', brief, { speaker: null }).direction,
    });
    expect(sad.rate).toBeLessThan(1);
  });
});
