import { describe, expect, it } from 'vitest';
import { ClauseIpaCache } from './clause-ipa-cache.ts';

describe('ClauseIpaCache', () => {
  it('keeps voices apart', () => {
    const cache = new ClauseIpaCache(4);
    cache.set('en-us', 'tomato', 'təmˈeɪɾoʊ');
    cache.set('gmw/en', 'tomato', 'təmˈɑːtəʊ');
    expect(cache.get('en-us', 'tomato')).toBe('təmˈeɪɾoʊ');
    expect(cache.get('gmw/en', 'tomato')).toBe('təmˈɑːtəʊ');
    expect(cache.get('de', 'tomato')).toBeUndefined();
  });

  it('drops the least recently used clause past its capacity, a hit counting as use', () => {
    const cache = new ClauseIpaCache(2);
    cache.set('v', 'a', 'A');
    cache.set('v', 'b', 'B');
    expect(cache.get('v', 'a')).toBe('A'); // a is now newer than b
    cache.set('v', 'c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('v', 'b')).toBeUndefined();
    expect(cache.get('v', 'a')).toBe('A');
    expect(cache.get('v', 'c')).toBe('C');
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
