import { sql } from 'drizzle-orm';

/**
 * A column of values as an SQL array literal, for `unnest` bulk writes (one statement for many rows
 * instead of one per row). Only for values the server makes (uuids, ISO instants, integers, booleans),
 * never for text from a user or a file: anything but word characters and `:.+-` is dropped.
 */
export const sqlArray = (values: readonly (string | number | boolean | null)[], type: 'uuid' | 'timestamptz' | 'int' | 'bigint' | 'bool') =>
  sql.raw(
    `'{${values
      .map((v) =>
        v === null ? 'NULL' : typeof v === 'number' ? String(Math.trunc(v)) : typeof v === 'boolean' ? String(v) : `"${v.replace(/[^\w:.+-]/g, '')}"`,
      )
      .join(',')}}'::${type}[]`,
  );

/**
 * A column of text (from a file or a user: any characters) as one bound `text[]` parameter, for
 * `unnest` bulk writes: the array literal is quoted here, and the value never enters the SQL text.
 */
export const textArray = (values: readonly (string | null)[]) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`}::text[]`;
