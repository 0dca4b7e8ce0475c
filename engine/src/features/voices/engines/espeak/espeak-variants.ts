/**
 * eSpeak NG voice variants bundled in @echogarden/espeak-ng-emscripten 0.3.5
 * (`espeak-ng-data/voices/!v`). A variant changes a voice's formants, pitch band, breathiness
 * and pace while keeping its language rules: eSpeak selects one with `<voice>+<variant>`
 * (`gmw/en-US+f3`). An unknown variant name is silently ignored by eSpeak (it speaks the plain
 * voice), so the names are a committed table checked against the installed package by
 * espeak-variants.test.ts.
 *
 * `CHARACTER_VARIANTS` are the variants that read as a person (not a robot, echo, whisper or
 * test voice), with the gender and age their files declare (`gender female 70`) or, where the
 * file is silent, what they sound like, and two measurements taken on the real engine
 * (gmw/en-US, pitch 50, 140 wpm, a 17-word reference text; espeak-variants.test.ts re-measures
 * a sample): the median F0 in Hz and the pace relative to the plain voice (7.71 s for the text;
 * above 1 = faster). The variant-voice catalog predicts each preset's pitch and pace from them.
 */

export type VoiceAge = 'child' | 'young' | 'adult' | 'senior';

/** Every variant file in the package, as `readdir` lists them. */
export const ESPEAK_VARIANT_FILES: readonly string[] = [
  'Alex',
  'Alicia',
  'Andrea',
  'Andy',
  'Annie',
  'AnxiousAndy',
  'Demonic',
  'Denis',
  'Diogo',
  'Gene',
  'Gene2',
  'Henrique',
  'Hugo',
  'Jacky',
  'Lee',
  'Marco',
  'Mario',
  'Michael',
  'Mike',
  'Mr serious',
  'Nguyen',
  'Reed',
  'RicishayMax',
  'RicishayMax2',
  'RicishayMax3',
  'Storm',
  'Tweaky',
  'UniRobot',
  'adam',
  'anika',
  'anikaRobot',
  'announcer',
  'antonio',
  'aunty',
  'belinda',
  'benjamin',
  'boris',
  'caleb',
  'croak',
  'david',
  'ed',
  'edward',
  'edward2',
  'f1',
  'f2',
  'f3',
  'f4',
  'f5',
  'fast',
  'grandma',
  'grandpa',
  'gustave',
  'ian',
  'iven',
  'iven2',
  'iven3',
  'iven4',
  'john',
  'kaukovalta',
  'klatt',
  'klatt2',
  'klatt3',
  'klatt4',
  'klatt5',
  'klatt6',
  'linda',
  'm1',
  'm2',
  'm3',
  'm4',
  'm5',
  'm6',
  'm7',
  'm8',
  'marcelo',
  'max',
  'michel',
  'miguel',
  'mike2',
  'norbert',
  'pablo',
  'paul',
  'pedro',
  'quincy',
  'rob',
  'robert',
  'robosoft',
  'robosoft2',
  'robosoft3',
  'robosoft4',
  'robosoft5',
  'robosoft6',
  'robosoft7',
  'robosoft8',
  'sandro',
  'shelby',
  'steph',
  'steph2',
  'steph3',
  'travis',
  'victor',
  'whisper',
  'whisperf',
  'zac',
];

export interface CharacterVariant {
  gender: 'male' | 'female' | null;
  age: VoiceAge;
  /** Median F0 (Hz) measured on gmw/en-US at eSpeak pitch 50. */
  f0: number;
  /** Speaking pace relative to the plain voice at the same rate (> 1 faster). */
  pace: number;
}

/** The plain voice (no variant): eSpeak's default male voice. */
export const PLAIN_VOICE: CharacterVariant = { gender: 'male', age: 'adult', f0: 105, pace: 1 };

export const CHARACTER_VARIANTS: Readonly<Record<string, CharacterVariant>> = {
  m1: { gender: 'male', age: 'senior', f0: 101, pace: 0.996 },
  m2: { gender: 'male', age: 'adult', f0: 104, pace: 1 },
  m3: { gender: 'male', age: 'adult', f0: 108, pace: 1.029 },
  m4: { gender: 'male', age: 'adult', f0: 97, pace: 0.926 },
  m5: { gender: 'male', age: 'adult', f0: 108, pace: 0.996 },
  m6: { gender: 'male', age: 'adult', f0: 106, pace: 1 },
  m7: { gender: 'male', age: 'adult', f0: 111, pace: 1 },
  m8: { gender: 'male', age: 'adult', f0: 94, pace: 0.997 },
  Alex: { gender: 'male', age: 'adult', f0: 105, pace: 0.999 },
  Andy: { gender: 'male', age: 'adult', f0: 98, pace: 0.945 },
  Denis: { gender: 'male', age: 'adult', f0: 103, pace: 1 },
  Diogo: { gender: 'male', age: 'young', f0: 110, pace: 0.999 },
  Marco: { gender: 'male', age: 'young', f0: 141, pace: 0.772 },
  Michael: { gender: 'male', age: 'adult', f0: 117, pace: 1 },
  Mike: { gender: 'male', age: 'adult', f0: 93, pace: 0.996 },
  paul: { gender: 'male', age: 'adult', f0: 91, pace: 0.999 },
  robert: { gender: 'male', age: 'adult', f0: 110, pace: 0.996 },
  travis: { gender: 'male', age: 'young', f0: 109, pace: 0.999 },
  victor: { gender: 'male', age: 'young', f0: 98, pace: 1.001 },
  david: { gender: 'male', age: 'adult', f0: 77, pace: 1.016 },
  grandpa: { gender: 'male', age: 'senior', f0: 114, pace: 1 },
  croak: { gender: 'male', age: 'senior', f0: 111, pace: 0.999 },
  f1: { gender: 'female', age: 'senior', f0: 184, pace: 0.953 },
  f2: { gender: 'female', age: 'adult', f0: 204, pace: 0.973 },
  f3: { gender: 'female', age: 'adult', f0: 223, pace: 1.005 },
  f4: { gender: 'female', age: 'adult', f0: 182, pace: 0.957 },
  f5: { gender: 'female', age: 'adult', f0: 212, pace: 0.973 },
  Alicia: { gender: 'female', age: 'adult', f0: 259, pace: 0.853 },
  Andrea: { gender: 'female', age: 'adult', f0: 251, pace: 1.214 },
  Annie: { gender: 'female', age: 'adult', f0: 245, pace: 1.007 },
  anika: { gender: 'female', age: 'young', f0: 276, pace: 1.214 },
  aunty: { gender: 'female', age: 'adult', f0: 175, pace: 0.964 },
  belinda: { gender: 'female', age: 'adult', f0: 232, pace: 1.003 },
  linda: { gender: 'female', age: 'adult', f0: 232, pace: 0.966 },
  shelby: { gender: 'female', age: 'adult', f0: 195, pace: 1.005 },
  steph: { gender: 'female', age: 'adult', f0: 185, pace: 1.005 },
  grandma: { gender: 'female', age: 'senior', f0: 221, pace: 1.004 },
  zac: { gender: null, age: 'child', f0: 368, pace: 1.008 },
};

/**
 * F0 change for eSpeak's pitch multiplier p (TtsRequest.pitch → eSpeak pitch 50p): measured
 * on m1, m3, f2 and f3 over p = 0.6–1.4, F0 moves by about half the multiplier's change.
 */
export function f0ForPitch(f0: number, pitch: number): number {
  return f0 * (1 + 0.5 * (pitch - 1));
}
