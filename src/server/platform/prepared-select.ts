/**
 * A Drizzle select built once and run many times (issue 11, decision 026). Drizzle builds a select's
 * SQL anew on every call and maps every row through `mapResultRow`, which asks of every selected field
 * of every row what kind of field it is. A prepared select builds its SQL once (values left as
 * `sql.placeholder`s, given to `execute`) and maps its rows with each field's decoder looked up once.
 * It reads Drizzle internals (no public API replaces its row mapping): test/api/private-apis.test.ts
 * fails, naming the one that changed, when a Drizzle upgrade changes them (decision 039).
 */
import { Column, SQL, Subquery, getTableName, is, noopDecoder } from 'drizzle-orm';

/** What Drizzle's prepared query holds (internal to Drizzle, the same for node-postgres and PGlite). */
interface DriverPreparedQuery {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The field's decoder, as `mapResultRow` picks it (`decoder` is internal to Drizzle). */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  const sqlOf = is(field, SQL) ? field : is(field, Subquery) ? (field as unknown as { _: { sql: SQL } })._.sql : (field as SQL.Aliased).sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
};

const identity = (decoder: Decoder) => decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

/**
 * Rows (arrays, in the selection's order) to the objects `mapResultRow` makes: a nested object per
 * selected table, null when that table is left-joined and its row is missing (its first column is null,
 * as there). The mapper is generated once per select: one object literal per row, each value read by
 * position and decoded only where its column has a decoder.
 */
export const compileRowMapper = (
  fields: NonNullable<DriverPreparedQuery['fields']>,
  joinsNotNullableMap?: Record<string, boolean>,
): ((rows: unknown[][]) => unknown[]) => {
  if (fields.some(({ path }) => path.length > 2)) throw new Error('prepared selects map one level of nesting');
  const decoders = fields.map(({ field }) => decoderOf(field));
  const valueAt = (index: number) =>
    identity(decoders[index]!) ? `r[${index}]` : `(r[${index}] === null ? null : d[${index}].mapFromDriverValue(r[${index}]))`;
  const parts: string[] = [];
  for (const [index, { path }] of fields.entries()) {
    const [top, inner] = path as [string, string | undefined];
    if (inner === undefined) {
      parts.push(`${JSON.stringify(top)}: ${valueAt(index)}`);
      continue;
    }
    if (fields.findIndex(({ path: other }) => other[0] === top) !== index) continue;
    // The group's first column decides, as in mapResultRow; only the group's columns count.
    const members = fields.flatMap(({ path: other, field }, i) => (other.length === 2 && other[0] === top ? [{ i, inner: other[1]!, field }] : []));
    const columns = members.filter(({ field }) => is(field, Column)).map(({ field }) => getTableName((field as Column).table));
    const nullable = joinsNotNullableMap !== undefined && new Set(columns).size === 1 && !joinsNotNullableMap[columns[0]!];
    const first = members.find(({ field }) => is(field, Column));
    const object = `{ ${members.map((m) => `${JSON.stringify(m.inner)}: ${valueAt(m.i)}`).join(', ')} }`;
    parts.push(`${JSON.stringify(top)}: ${nullable && first ? `r[${first.i}] === null ? null : ${object}` : object}`);
  }
  // Generated from the selection's own keys (names in code, never data), quoted with JSON.stringify.
  const mapRow = new Function('d', `return (r) => ({ ${parts.join(', ')} });`)(decoders) as (row: unknown[]) => unknown;
  return (rows) => rows.map(mapRow);
};

/**
 * Prepares a select (`builder.prepare(name)`, Drizzle's own) and maps its rows with a compiled mapper.
 * With a name, PostgreSQL parses and plans the statement once per connection.
 */
export const prepareSelect = <P>(builder: { prepare(name: string): P }, name?: string): P => {
  const prepared = builder.prepare(name as string);
  const query = prepared as DriverPreparedQuery;
  if (!query.fields) throw new Error('not a select with a selection');
  query.customResultMapper = compileRowMapper(query.fields, query.joinsNotNullableMap);
  return prepared;
};
