import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldPath, firstIssueField } from './validation';

describe('fieldPath (decision 043)', () => {
  it('names a top-level field as the request does', () => {
    expect(fieldPath(['start_date'])).toBe('start_date');
    expect(fieldPath(['currentPassword'])).toBe('currentPassword');
  });

  it('joins nested keys with dots and puts list positions in brackets', () => {
    expect(fieldPath(['selectedDayparts', 2, 'user_defined_cpm'])).toBe('selectedDayparts[2].user_defined_cpm');
    expect(fieldPath(['items', 0, 1, 'cpm'])).toBe('items[0][1].cpm');
    expect(fieldPath(['address', 'city'])).toBe('address.city');
  });

  it('names nothing for the request as a whole', () => {
    expect(fieldPath([])).toBeUndefined();
  });

  it('reads the first issue of a failed parse', () => {
    const schema = z.object({ items: z.array(z.object({ cpm: z.number({ error: 'CPM must be a number' }) })) });
    const parsed = schema.safeParse({ items: [{ cpm: 1 }, { cpm: 'x' }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(firstIssueField(parsed.error)).toBe('items[1].cpm');
  });
});
