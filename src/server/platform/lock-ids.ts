/**
 * Every advisory lock's id, by name (decision 039). src/server/db/sql/locks.sql lists the same names and
 * ids for SQL (`lock_id('rollup_writer')`); test/api/sql-definitions.test.ts holds the two lists equal.
 */
export const LOCK_IDS = {
  /** Session lock (bigint): one instance applies the migrations at a time (db-postgres.ts). */
  migrations: 727_001,
  /** Transaction lock (bigint): one as-run import at a time (as-run/import.ts). */
  as_run_import: 727_014,
  /** Transaction lock (int, 0): rollup rebuilds exclusive, commits' rollup flushes shared (rollups-computed.sql, rollups.sql). */
  rollup_writer: 727_017,
  /** Transaction lock (int, hashtext of the order's id): one daypart split refresh per order (rollups-computed.sql). */
  daypart_orders: 727_018,
  /** Transaction lock (int, hashtext of the channel's id): one change of a channel's programs at a time (programs/service.ts). */
  channel_programs: 727_019,
} as const;
