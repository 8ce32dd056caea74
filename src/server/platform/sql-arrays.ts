import { sql } from 'drizzle-orm';

/** What a server-made value may hold; anything else is dropped. */
const SAFE = /^[\w:.+-]*$/;
const UNSAFE = /[^\w:.+-]/g;
/** What must be escaped inside a quoted element of an array literal. */
const QUOTED_SPECIAL = /[\\"]/;
const QUOTED_SPECIALS = /[\\"]/g;

/**
 * A column of values as an SQL array literal, for `unnest` bulk writes (one statement for many rows
 * instead of one per row). Only for values the server makes (uuids, ISO instants, integers, booleans),
 * never for text from a user or a file: anything but word characters and `:.+-` is dropped.
 * Built by concatenation and a test before any replace: an import makes millions of these values (issue 45).
 */
export const sqlArray = (values: readonly (string | number | boolean | null)[], type: 'uuid' | 'timestamptz' | 'int' | 'bigint' | 'bool') => {
  let literal = "'{";
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (i > 0) literal += ',';
    if (v === null) literal += 'NULL';
    else if (typeof v === 'number') literal += String(Math.trunc(v));
    else if (typeof v === 'boolean') literal += String(v);
    else literal += `"${SAFE.test(v) ? v : v.replace(UNSAFE, '')}"`;
  }
  return sql.raw(`${literal}}'::${type}[]`);
};

/**
 * A column of text (from a file or a user: any characters) as one bound `text[]` parameter, for
 * `unnest` bulk writes: the array literal is quoted here, and the value never enters the SQL text.
 */
export const textArray = (values: readonly (string | null)[]) => {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (i > 0) literal += ',';
    literal += v === null ? 'NULL' : `"${QUOTED_SPECIAL.test(v) ? v.replace(QUOTED_SPECIALS, '\\$&') : v}"`;
  }
  return sql`${`${literal}}`}::text[]`;
};
