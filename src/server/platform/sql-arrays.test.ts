import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlArray, textArray } from './sql-arrays';

const dialect = new PgDialect();

describe('SQL arrays for bulk writes', () => {
  it('writes server-made values into the text, dropping any character they may not hold', () => {
    expect(dialect.sqlToQuery(sqlArray(['0f8fad5b-d9cb-469f-a165-70867728950e', null, "x'); drop table users; --"], 'uuid'))).toEqual({
      sql: `'{"0f8fad5b-d9cb-469f-a165-70867728950e",NULL,"xdroptableusers--"}'::uuid[]`,
      params: [],
    });
    expect(dialect.sqlToQuery(sqlArray([1.9, -2, null], 'int')).sql).toBe(`'{1,-2,NULL}'::int[]`);
    expect(dialect.sqlToQuery(sqlArray([true, false], 'bool')).sql).toBe(`'{true,false}'::bool[]`);
    expect(dialect.sqlToQuery(sqlArray(['2027-01-04T05:00:00.000Z'], 'timestamptz')).sql).toBe(`'{"2027-01-04T05:00:00.000Z"}'::timestamptz[]`);
    expect(dialect.sqlToQuery(sqlArray([], 'uuid')).sql).toBe(`'{}'::uuid[]`);
  });

  it('binds text as one parameter, quoting what an array literal would read as syntax', () => {
    expect(dialect.sqlToQuery(textArray(['plain', 'a "quoted", {braced} \\ value', null, '', 'NULL']))).toMatchObject({
      sql: '$1::text[]',
      params: ['{"plain","a \\"quoted\\", {braced} \\\\ value",NULL,"","NULL"}'],
    });
  });
});
