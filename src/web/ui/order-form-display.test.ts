import { describe, expect, it } from 'vitest';
import { customCpmNote } from './order-form-display';

describe('a custom CPM as the reviewer reads it (issue 29, item 15)', () => {
  it('below base: the base CPM and the discount beside it', () => {
    expect(customCpmNote(5, 20)).toBe('custom · base $20.00 · 75% below base');
    expect(customCpmNote(19.99, 20)).toBe('custom · base $20.00 · 1% below base');
  });
  it('above base: the base CPM; at base or without one: just custom', () => {
    expect(customCpmNote(25, 20)).toBe('custom · base $20.00');
    expect(customCpmNote(20, 20)).toBe('custom');
    expect(customCpmNote(5, 0)).toBe('custom');
  });
});
