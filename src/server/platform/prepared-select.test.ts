import * as drizzle from 'drizzle-orm';
import { getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, estimates } from '../db/schema';
import { compileRowMapper } from './prepared-select';

type Fields = { path: string[]; field: unknown }[];
/** Drizzle's own mapping, the reference (internal to Drizzle: not in its types). */
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: (fields: Fields, row: unknown[], joins?: Record<string, boolean>) => Record<string, unknown>;
  orderSelectedFields: (fields: Record<string, unknown>) => Fields;
};

/** An order's row as the driver hands it over (array mode: text for timestamps, int8 as text on pg). */
const orderRow = (id: string) =>
  Object.keys(getTableColumns(estimates)).map((key) =>
    key === 'id' ? id : key.endsWith('At') ? '2026-11-25 17:40:01.123456+00' : key.endsWith('Cents') ? '123456' : key === 'notes' ? null : `${key}-${id}`,
  );

describe('prepared selects (decision 026)', () => {
  it('map rows exactly as Drizzle does: decoded values, nested tables, a missing left-joined row as null', () => {
    const fields = orderSelectedFields({
      order: getTableColumns(estimates),
      brand: { id: brands.id, name: brands.commonName, createdAt: brands.createdAt },
      brandName: brands.commonName,
      weeklyReach: sql<number>`1`.mapWith(Number),
      raw: sql<string>`'x'`,
    });
    const joins = { estimates: true, brands: false };
    const rows = [
      [...orderRow('a'), 'b1', 'Brand', '2026-01-02 03:04:05+00', 'Brand', '42.5', 'x'],
      [...orderRow('b'), null, null, null, null, null, null],
    ];
    const expected = rows.map((row) => mapResultRow(fields, row, joins));
    expect(compileRowMapper(fields, joins)(rows)).toEqual(expected);
    expect(expected[1]).toMatchObject({ brand: null, brandName: null, weeklyReach: null });
    expect((expected[0] as { order: { createdAt: Date } }).order.createdAt).toBeInstanceOf(Date);
  });
});
