/**
 * A Drizzle select built once and run many times (issue 11, decision 026). Drizzle builds a select's
 * SQL anew on every call and maps every row through `mapResultRow`, which asks of every selected field
 * of every row what kind of field it is. A prepared select builds its SQL once (values left as
 * `sql.placeholder`s, given to `execute`) and maps its rows with each field's decoder looked up once.
 */
import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

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

/**
 * Rows (arrays, in the selection's order) to the objects `mapResultRow` makes: a nested object per
 * selected table, null when that table is left-joined and its row is missing (its first column is null, as there).
 */
export const compileRowMapper = (fields: NonNullable<DriverPreparedQuery['fields']>, joinsNotNullableMap?: Record<string, boolean>) => {
  if (fields.some(({ path }) => path.length > 2)) throw new Error('prepared selects map one level of nesting');
  const columns = fields.map(({ path, field }, index) => ({ index, top: path[0]!, inner: path[1], decoder: decoderOf(field) }));
  const groups = [...new Set(columns.filter((c) => c.inner !== undefined).map((c) => c.top))].map((name) => {
    // As mapResultRow: only the group's columns count; its first column decides.
    const first = fields.findIndex(({ path, field }) => path.length === 2 && path[0] === name && is(field, Column));
    const tables = new Set(fields.flatMap(({ path, field }) => (path.length === 2 && path[0] === name && is(field, Column) ? [getTableName(field.table)] : [])));
    const [table] = tables;
    const nullable = joinsNotNullableMap !== undefined && tables.size === 1 && table !== undefined && !joinsNotNullableMap[table];
    return { name, first, nullable };
  });
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (const group of groups) result[group.name] = {};
      for (const { index, top, inner, decoder } of columns) {
        const raw = row[index];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        if (inner === undefined) result[top] = value;
        else (result[top] as Record<string, unknown>)[inner] = value;
      }
      for (const group of groups) if (group.nullable && row[group.first] === null) result[group.name] = null;
      return result;
    });
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
