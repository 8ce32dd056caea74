/** SQL pieces of the keyset pages in src/domain/list-page.ts (brands, users). */
import { and, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern } from './db';

/** A creation time as the cursor carries it: UTC to the microsecond (the reply's created_at has milliseconds only). */
export const cursorAtSql = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Every word of a search somewhere in the row's text (the screens' rule before the search moved to the server). */
export const allWordsIn = (haystack: SQL, words: readonly string[]): SQL | undefined =>
  words.length === 0 ? undefined : and(...words.map((word) => ilike(haystack, containsPattern(word))));

/** The next page's cursor when this page is full. */
export const nextCursor = (rows: readonly { cursorAt: string; id: string }[], limit: number): string | undefined => {
  const last = rows.at(-1);
  return last && rows.length === limit ? `${last.cursorAt}_${last.id}` : undefined;
};
