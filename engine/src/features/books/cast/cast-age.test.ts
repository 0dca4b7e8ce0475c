import { describe, expect, it } from 'vitest';
import { ageHint } from './cast-age.ts';

describe('ageHint', () => {
  it('reads an age from how the book names a character, else none', () => {
    expect(ageHint(['Old Jolyon'])).toBe('senior');
    expect(ageHint(['Nell', 'Little Nell'])).toBe('child');
    expect(ageHint(['Young Jolyon'])).toBe('young');
    expect(ageHint(['Grandmother'])).toBe('senior');
    expect(ageHint(['Darcy', 'Mr. Darcy'])).toBeNull();
    // Whole words only: "Goldberg" is not old, "Boyd" is not a boy.
    expect(ageHint(['Goldberg', 'Boyd'])).toBeNull();
  });
});
