/** The newest as-run rows that matched no spot, across imports (Discrepancies, decision 031). */
import { desc, eq, inArray } from 'drizzle-orm';
import { asRunImports, asRunUnmatched } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** `channels`: the rows of those channels only (decision 053); null: every import. */
export const latestUnmatchedRows = async (db: Tx, limit: number, channels: readonly string[] | null) =>
  (
    await db
      .select({ row: asRunUnmatched, filename: asRunImports.filename })
      .from(asRunUnmatched)
      .innerJoin(asRunImports, eq(asRunImports.id, asRunUnmatched.importId))
      .where(channels ? inArray(asRunUnmatched.channelId, [...channels]) : undefined)
      .orderBy(desc(asRunImports.createdAt), asRunUnmatched.line)
      .limit(limit)
  ).map(({ row, filename }) => ({
    import_id: row.importId,
    filename,
    line: row.line,
    date: row.airDate,
    time: row.airTime,
    house_code: row.houseCode,
    reason: row.reason,
  }));
