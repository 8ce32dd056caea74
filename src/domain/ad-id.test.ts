import { describe, expect, it } from 'vitest';
import { AD_ID_MESSAGES, checkSpotLength, parseAdId } from './ad-id.js';

describe('parseAdId', () => {
  it('accepts an 11-character Ad-ID, upper-cased and trimmed', () => {
    expect(parseAdId(' abcd1234000 ')).toEqual({ ok: true, value: 'ABCD1234000', kind: 'ad-id' });
    expect(parseAdId('1ABC0000001')).toEqual({ ok: true, value: '1ABC0000001', kind: 'ad-id' });
  });
  it('accepts a 12th H (HD) or D (3D), nothing else', () => {
    expect(parseAdId('ABCD1234000H')).toMatchObject({ ok: true, value: 'ABCD1234000H' });
    expect(parseAdId('abcd1234000d')).toMatchObject({ ok: true, value: 'ABCD1234000D' });
    expect(parseAdId('ABCD1234000X')).toEqual({ ok: false, error: AD_ID_MESSAGES.invalid });
  });
  it('refuses a company prefix starting with 0', () => {
    expect(parseAdId('0BCD1234000')).toEqual({ ok: false, error: AD_ID_MESSAGES.prefixZero });
    expect(parseAdId('0BCD1234000H')).toEqual({ ok: false, error: AD_ID_MESSAGES.prefixZero });
  });
  it('accepts a legacy ISCI code', () => {
    expect(parseAdId('abcd1234')).toEqual({ ok: true, value: 'ABCD1234', kind: 'isci' });
    expect(parseAdId('ABCD1234H')).toEqual({ ok: true, value: 'ABCD1234H', kind: 'isci' });
  });
  it('refuses wrong lengths and characters with a message', () => {
    expect(parseAdId('ABCD123')).toEqual({ ok: false, error: AD_ID_MESSAGES.invalid });
    expect(parseAdId('ABCD12340000000')).toEqual({ ok: false, error: AD_ID_MESSAGES.invalid });
    expect(parseAdId('ABCD-123400')).toEqual({ ok: false, error: AD_ID_MESSAGES.characters });
    expect(parseAdId('ABCD 123400')).toEqual({ ok: false, error: AD_ID_MESSAGES.characters });
    expect(parseAdId('')).toEqual({ ok: false, error: AD_ID_MESSAGES.characters });
  });
});

describe('checkSpotLength', () => {
  it('passes within a second and says why when not', () => {
    expect(checkSpotLength(30, 30.5)).toEqual({ ok: true });
    expect(checkSpotLength(30, 29)).toEqual({ ok: true });
    expect(checkSpotLength(30, null)).toEqual({ ok: true });
    expect(checkSpotLength(30, 15.02)).toEqual({ ok: false, error: 'The video runs 15.02 s, which is not a :30 spot (allowed within 1 s)' });
  });
});
