import { describe, expect, it } from 'vitest';
import { headerKey } from './csv-header';

describe('headerKey', () => {
  it('matches a header cell whatever its case, spacing and punctuation', () => {
    expect(headerKey('Air Date')).toBe('air_date');
    expect(headerKey(' air-date ')).toBe('air_date');
    expect(headerKey('AIR_DATE')).toBe('air_date');
    expect(headerKey('(Spot) Length, sec.')).toBe('spot_length_sec');
    expect(headerKey('')).toBe('');
  });
});
