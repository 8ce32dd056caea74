/**
 * Records the SQL the app sends through `pg` while `capture` runs (text and parameters), so that
 * the timing script can run `EXPLAIN (ANALYZE, BUFFERS)` on exactly the queries behind a call.
 * Bench only: it wraps `pg.Client.prototype.query` for the process.
 */
import pg from 'pg';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

let recording: CapturedQuery[] | undefined;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (recording) {
    if (typeof first === 'string') recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      recording.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

export const capture = async (work: () => Promise<unknown>): Promise<CapturedQuery[]> => {
  recording = [];
  try {
    await work();
    return recording.filter((q) => /^\s*(select|with)\b/i.test(q.text));
  } finally {
    recording = undefined;
  }
};
