import { describe, expect, it } from 'vitest';
import {
  colourName,
  hashName,
  speakerColour,
  speakerKey,
} from '../../renderer/src/features/audiobooks/speaker-colour.ts';

describe('speaker colours', () => {
  it('gives the narrator no colour of its own', () => {
    expect(speakerColour('')).toBeNull();
    expect(speakerColour('   ')).toBeNull();
    expect(speakerColour(null)).toBeNull();
    expect(speakerColour(undefined)).toBeNull();
  });

  it('is deterministic and ignores case and spacing, like the cast’s grouping', () => {
    const alice = speakerColour('Alice');
    expect(alice).toEqual(speakerColour('Alice'));
    expect(speakerColour('ALICE')).toEqual(alice);
    expect(speakerColour('  alice ')).toEqual(alice);
    expect(speakerColour('The  White Rabbit')).toEqual(speakerColour('the white rabbit'));
    expect(speakerKey(' The  White\tRabbit ')).toBe('the white rabbit');
  });

  it('uses a fixed FNV-1a hash, so colours survive reloads and releases', () => {
    expect(hashName('')).toBe(0x811c9dc5);
    expect(hashName('a')).toBe(0xe40c292c);
    expect(hashName('foobar')).toBe(0xbf9cf968);
  });

  it('spreads hues on 15° steps and writes valid CSS colours', () => {
    const names = ['Alice', 'The White Rabbit', 'Hatter', 'Queen of Hearts', 'Cheshire Cat'];
    for (const name of names) {
      const colour = speakerColour(name)!;
      expect(colour.hue % 15).toBe(0);
      expect(colour.hue).toBeGreaterThanOrEqual(0);
      expect(colour.hue).toBeLessThan(360);
      expect(colour.text).toMatch(/^hsl\(\d+ 70% (66|74)%\)$/);
      expect(colour.background).toMatch(/^hsl\(\d+ 70% 60% \/ 0\.14\)$/);
      expect(colour.border).toMatch(/^hsl\(\d+ 70% 60% \/ 0\.42\)$/);
    }
    const hues = new Set(names.map((name) => speakerColour(name)!.hue));
    expect(hues.size).toBeGreaterThan(2);
  });

  it('colours an alias like its main speaker', () => {
    const aliases = new Map([['mr. rabbit', 'The White Rabbit']]);
    expect(colourName('Mr. Rabbit', aliases)).toBe('The White Rabbit');
    expect(colourName('MR. RABBIT', aliases)).toBe('The White Rabbit');
    expect(colourName('Alice', aliases)).toBe('Alice');
  });
});
