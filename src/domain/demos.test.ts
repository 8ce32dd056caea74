import { describe, expect, it } from 'vitest';
import { categoryOfDemo, demoFromCategory, formatDemo, normalizeDemo, parseDemo } from './demos.js';

describe('parseDemo', () => {
  it('reads the notation buyers write', () => {
    expect(parseDemo('HH')).toEqual({ group: 'Homes', ageFrom: null, ageTo: null });
    expect(parseDemo(' a25-54 ')).toEqual({ group: 'Adults', ageFrom: 25, ageTo: 54 });
    expect(parseDemo('M18+')).toEqual({ group: 'Men', ageFrom: 18, ageTo: null });
    expect(parseDemo('WW25-54')).toEqual({ group: 'WWomen', ageFrom: 25, ageTo: 54 });
    expect(parseDemo('K2-11')).toEqual({ group: 'Children', ageFrom: 2, ageTo: 11 });
    expect(parseDemo('T12-17')).toEqual({ group: 'Teens', ageFrom: 12, ageTo: 17 });
    expect(parseDemo('P2+')).toEqual({ group: 'Persons', ageFrom: 2, ageTo: null });
  });
  it('refuses what is not a demo', () => {
    for (const text of ['', 'A', 'A25', 'A54-25', 'X18+', 'HH18+', 'A25-54-60', 'A100+', 'W18 49']) expect(parseDemo(text)).toBeNull();
  });
});

describe('formatDemo and the Proposal categories', () => {
  it('round-trips', () => {
    for (const text of ['HH', 'A25-54', 'M18+', 'WW25-54', 'P2+']) expect(formatDemo(parseDemo(text)!)).toBe(text);
    expect(normalizeDemo('w18-49')).toBe('W18-49');
  });
  it('maps a DemoCategory, AgeTo 99 meaning and over', () => {
    expect(demoFromCategory('Adults', 25, 54)).toEqual({ group: 'Adults', ageFrom: 25, ageTo: 54 });
    expect(demoFromCategory('women', 18, 99)).toEqual({ group: 'Women', ageFrom: 18, ageTo: null });
    expect(demoFromCategory('Homes', null, null)).toEqual({ group: 'Homes', ageFrom: null, ageTo: null });
    expect(demoFromCategory('Pets', 1, 5)).toBeNull();
    expect(demoFromCategory('Adults', 54, 25)).toBeNull();
    expect(categoryOfDemo(parseDemo('M18+')!)).toEqual({ group: 'Men', ageFrom: 18, ageTo: 99 });
  });
});
