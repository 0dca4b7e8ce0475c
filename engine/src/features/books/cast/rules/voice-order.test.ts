import { describe, expect, it } from 'vitest';
import { resolveVoice, type VoiceOrderInput, type VoiceSource } from './voice-order.ts';

/**
 * An independent reference written from the spec tables ("Voice order for a narrated
 * paragraph (first that applies)"): each row names a source and the voice it offers for a
 * given input (null = the row does not apply); the first row offering a voice wins.
 */
type Row = { source: VoiceSource; offers: (i: VoiceOrderInput) => number | null };

const OFF: Row[] = [
  // 1. a voice sent for that paragraph (narrate) or a voice_id sent on narration/batch
  { source: 'narrate', offers: (i) => i.narrateVoiceId },
  { source: 'batch', offers: (i) => i.batchVoiceId },
  // 2. the paragraph's own voice_id (a saved voice outranks chapter and narrator voices)
  { source: 'paragraph', offers: (i) => i.paragraphVoiceId },
  // 3. the chapter's voice_id; 4. the project's selected_voice_id
  { source: 'chapter', offers: (i) => i.chapterVoiceId },
  { source: 'project', offers: (i) => i.projectVoiceId },
];

const ON: Row[] = [
  // 1. a different voice_id sent for that paragraph on narrate (see reference())
  { source: 'narrate', offers: (i) => i.narrateVoiceId },
  // 2. a voice set on the paragraph by PUT (a saved voice the caller did not set is ignored)
  { source: 'paragraph', offers: (i) => (i.paragraphVoiceSetByUser ? i.paragraphVoiceId : null) },
  // 3. the character's cast voice
  { source: 'cast', offers: (i) => (i.hasCharacter ? i.castVoiceId : null) },
  // 4. a voice_id sent on narration/batch (narrator for that run)
  { source: 'batch', offers: (i) => i.batchVoiceId },
  // 5. the chapter's voice_id; 6. the project's selected_voice_id
  { source: 'chapter', offers: (i) => i.chapterVoiceId },
  { source: 'project', offers: (i) => i.projectVoiceId },
];

function reference(i: VoiceOrderInput) {
  const table = i.multiVoice ? ON : OFF;
  const first = (rows: Row[]) => rows.find((r) => r.offers(i) !== null);
  let row = first(table);
  if (i.multiVoice && row?.source === 'narrate') {
    // "a *different* voice_id": one equal to what the line gets anyway is no override.
    const otherwise = first(table.slice(1));
    if (otherwise !== undefined && otherwise.offers(i) === i.narrateVoiceId) row = otherwise;
  }
  const voiceId = row?.offers(i) ?? null;
  const source: VoiceSource = row?.source ?? 'none';
  // Narration saves the voice it used on each line, except a line voiced through the cast.
  return { voiceId, source, saveOnLine: voiceId !== null && source !== 'cast' };
}

const IDS = [null, 1, 2] as const;
const BOOLS = [false, true] as const;

function* everyInput(): Generator<VoiceOrderInput> {
  for (const multiVoice of BOOLS)
    for (const paragraphVoiceSetByUser of BOOLS)
      for (const hasCharacter of BOOLS)
        for (const narrateVoiceId of IDS)
          for (const batchVoiceId of IDS)
            for (const paragraphVoiceId of IDS)
              for (const castVoiceId of IDS)
                for (const chapterVoiceId of IDS)
                  for (const projectVoiceId of IDS)
                    yield {
                      multiVoice,
                      narrateVoiceId,
                      batchVoiceId,
                      paragraphVoiceId,
                      paragraphVoiceSetByUser,
                      castVoiceId,
                      hasCharacter,
                      chapterVoiceId,
                      projectVoiceId,
                    };
}

const base: VoiceOrderInput = {
  multiVoice: false,
  narrateVoiceId: null,
  batchVoiceId: null,
  paragraphVoiceId: null,
  paragraphVoiceSetByUser: false,
  castVoiceId: null,
  hasCharacter: false,
  chapterVoiceId: null,
  projectVoiceId: null,
};

describe('resolveVoice', () => {
  it('matches the table reference on the whole input space (3^6 ids × 2^3 flags)', () => {
    let count = 0;
    const mismatches: string[] = [];
    for (const input of everyInput()) {
      count++;
      const got = resolveVoice(input);
      const want = reference(input);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        mismatches.push(
          `${JSON.stringify(input)} → ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`,
        );
      }
    }
    expect(count).toBe(3 ** 6 * 2 ** 3);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('character voices off: a batch voice replaces any saved voice, even one set by PUT', () => {
    expect(
      resolveVoice({
        ...base,
        batchVoiceId: 7,
        paragraphVoiceId: 3,
        paragraphVoiceSetByUser: true,
      }),
    ).toEqual({ voiceId: 7, source: 'batch', saveOnLine: true });
  });

  it('character voices off: a saved voice outranks chapter and narrator, set by PUT or not', () => {
    expect(
      resolveVoice({ ...base, paragraphVoiceId: 3, chapterVoiceId: 4, projectVoiceId: 5 }),
    ).toEqual({ voiceId: 3, source: 'paragraph', saveOnLine: true });
  });

  it('character voices off: the cast is not used', () => {
    expect(
      resolveVoice({ ...base, hasCharacter: true, castVoiceId: 9, projectVoiceId: 5 }),
    ).toEqual({ voiceId: 5, source: 'project', saveOnLine: true });
  });

  it('character voices on: batch and chapter voices replace the narrator only', () => {
    const on = { ...base, multiVoice: true, batchVoiceId: 7, chapterVoiceId: 4, projectVoiceId: 5 };
    expect(resolveVoice({ ...on, hasCharacter: true, castVoiceId: 9 })).toEqual({
      voiceId: 9,
      source: 'cast',
      saveOnLine: false,
    });
    expect(resolveVoice(on)).toEqual({ voiceId: 7, source: 'batch', saveOnLine: true });
    // a character without a cast voice reads in the narrator's voice for that run
    expect(resolveVoice({ ...on, hasCharacter: true })).toEqual({
      voiceId: 7,
      source: 'batch',
      saveOnLine: true,
    });
  });

  it('character voices on: a saved voice the caller did not set is ignored', () => {
    const on = { ...base, multiVoice: true, paragraphVoiceId: 3, projectVoiceId: 5 };
    expect(resolveVoice(on).source).toBe('project');
    expect(resolveVoice({ ...on, paragraphVoiceSetByUser: true }).source).toBe('paragraph');
  });

  it('character voices on: a narrate voice equal to the cast voice is no override (not saved)', () => {
    const on = { ...base, multiVoice: true, hasCharacter: true, castVoiceId: 9 };
    expect(resolveVoice({ ...on, narrateVoiceId: 9 })).toEqual({
      voiceId: 9,
      source: 'cast',
      saveOnLine: false,
    });
    expect(resolveVoice({ ...on, narrateVoiceId: 8 })).toEqual({
      voiceId: 8,
      source: 'narrate',
      saveOnLine: true,
    });
  });

  it('answers none when no voice applies', () => {
    expect(resolveVoice(base)).toEqual({ voiceId: null, source: 'none', saveOnLine: false });
    expect(resolveVoice({ ...base, multiVoice: true })).toEqual({
      voiceId: null,
      source: 'none',
      saveOnLine: false,
    });
  });
});
