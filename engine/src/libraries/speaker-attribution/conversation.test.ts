import { describe, expect, it } from 'vitest';
import type { Character } from './characters.ts';
import { takeTurns } from './conversation.ts';
import type { Turn } from './turns.ts';

const person = (name: string): Character => ({
  name,
  forms: [name],
  gender: 'female',
  fixed: false,
});
const jane = person('Jane');
const elizabeth = person('Elizabeth');
const lydia = person('Lydia');
/** Three people well on stage: no pair can be guessed from the stage alone. */
const stage = [jane, elizabeth, lydia].map((character) => ({ character, salience: 2 }));

function turn(fields: Partial<Turn>): Turn {
  return {
    parts: [],
    speaker: null,
    via: null,
    stop: false,
    gender: null,
    phrase: null,
    addressed: [],
    speech: '',
    stage,
    ...fields,
  };
}

describe('takeTurns: vocatives', () => {
  it('gives the turn a reply answers to the one the reply addresses', () => {
    const run = [
      turn({ speech: 'The roads were dreadful.' }),
      turn({
        speech: 'You are very late, Jane',
        speaker: elizabeth,
        via: 'clause',
        addressed: [jane],
      }),
    ];
    takeTurns([run]);
    expect(run[0]?.speaker).toBe(jane);
    expect(run[0]?.via).toBe('vocative');
  });

  it('leaves the turn before unplaced when it addresses someone itself', () => {
    const run = [
      turn({ speech: 'The roads were dreadful, Lydia.', addressed: [lydia] }),
      turn({
        speech: 'You are very late, Jane',
        speaker: elizabeth,
        via: 'clause',
        addressed: [jane],
      }),
    ];
    takeTurns([run]);
    expect(run[0]?.speaker).toBeNull();
  });

  it('leaves the turn before unplaced when nobody knows who replies', () => {
    const run = [
      turn({ speech: 'The roads were dreadful.' }),
      turn({ speech: 'You are very late, Jane', addressed: [jane] }),
    ];
    takeTurns([run]);
    expect(run[0]?.speaker).toBeNull();
  });
});

describe('takeTurns: a named person and a described one', () => {
  const dick: Character = { name: 'Dick', forms: ['Dick'], gender: 'male', fixed: false };
  const stranger: Character = { name: '', forms: [], gender: 'male', fixed: false };
  const exchange = (people: { character: Character; salience: number }[]) => {
    const asked = { phrase: 'the gentleman', gender: 'male' as const, stage: people };
    return [
      turn({ ...asked, speech: 'How much?' }),
      turn({ speech: 'Ten cents.', stage: people }),
      turn({ ...asked, speech: 'Is that not a little steep?' }),
      turn({ speech: 'The blacking costs something.', stage: people }),
    ];
  };

  it('gives the undescribed turns to the one named person on stage', () => {
    const run = exchange([
      { character: dick, salience: 2 },
      { character: stranger, salience: 1 },
    ]);
    takeTurns([run]);
    expect(run.map((t) => t.speaker?.name ?? null)).toEqual([null, 'Dick', null, 'Dick']);
  });

  it('fills the named person’s turns around their own clause and a described one', () => {
    // Ragged Dick, chapter 1: "said the porter", "said Dick", and the clauseless turns between.
    const people = [
      { character: dick, salience: 2 },
      { character: stranger, salience: 1 },
    ];
    const run = [
      turn({ speech: 'Made it by shines, in course.', stage: people }),
      turn({ phrase: 'the porter', gender: 'male', speech: 'Some get it easier.', stage: people }),
      turn({ speaker: dick, via: 'clause', speech: 'You do not catch me.', stage: people }),
      turn({ speech: 'Do you ever steal, then?', stage: people }),
      turn({ speech: 'No, and I would not.', stage: people }),
      turn({ speech: 'I am glad to hear it.', stage: people }),
      turn({ speaker: dick, via: 'clause', speech: 'Oh, I am a rough customer!', stage: people }),
    ];
    takeTurns([run]);
    expect(run.map((t) => t.speaker?.name ?? null)).toEqual([
      'Dick',
      null,
      'Dick',
      null,
      'Dick',
      null,
      'Dick',
    ]);
  });

  it('gives nothing when a second named person is on stage', () => {
    const run = exchange([
      { character: dick, salience: 2 },
      { character: jane, salience: 1 },
    ]);
    takeTurns([run]);
    expect(run.map((t) => t.speaker)).toEqual([null, null, null, null]);
  });
});
