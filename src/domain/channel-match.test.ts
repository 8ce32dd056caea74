import { describe, expect, it } from 'vitest';
import { channelMatcher } from './channel-match.js';

const channels = [
  { id: 'a', channelNumber: '6.1', shortName: 'WSPT-HD', name: 'Spotbook 6', callLetters: 'WSPT' },
  { id: 'b', channelNumber: '6.2', shortName: 'METV', name: 'MeTV', callLetters: 'WSPT' },
  { id: 'c', channelNumber: '12.1', shortName: null, name: 'KXYZ 12', callLetters: 'KXYZ' },
];

describe('channelMatcher', () => {
  const match = channelMatcher(channels);
  it('matches a number, a short name, a name, call letters with a number', () => {
    expect(match('6.2')).toBe('b');
    expect(match('metv')).toBe('b');
    expect(match(' wspt-hd ')).toBe('a');
    expect(match('WSPT 6.2')).toBe('b');
    expect(match('WSPT-6.1')).toBe('a');
    expect(match('KXYZ')).toBe('c');
  });
  it('tries each part of a BXF Channel (number / short name)', () => {
    expect(match('2 / METV')).toBe('b');
    expect(match('12.1 / NOPE')).toBe('c');
  });
  it('answers null for an unknown or ambiguous name', () => {
    expect(match('6.3')).toBeNull();
    expect(match('WSPT')).toBeNull();
    expect(match('')).toBeNull();
  });
});
