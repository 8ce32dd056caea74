/** The PostgreSQL server the benchmarks use, and a statement run on its maintenance database (create or drop a throw-away one). */
import pg from 'pg';

export const BENCH_SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';

export const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: `${BENCH_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
