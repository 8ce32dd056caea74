/**
 * Reads of another module's table that remain (docs/architecture.md, decisions 042 and 054): module → the
 * tables it still imports from the schema without owning them. None remain (issue 39): every module reads
 * another's rows through the owner's doors (its public.ts, or a one-table view it publishes). Keep it
 * empty: a new read of another module's table fails lint (scripts/check-table-crossings.mjs); an entry
 * would have to name a deliberate crossing and why.
 */
export const knownTableCrossings = {};

/**
 * The same for SQL text (src/server/table-doors.test.ts): module → the other modules' tables its SQL
 * templates still name (SQL names). Shorten it the same way; the test fails on an entry no longer needed.
 */
export const knownSqlCrossings = {};
