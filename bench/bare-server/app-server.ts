/**
 * Spotbook for the baseline comparison: the app on the generated PostgreSQL database (bench/generate-1m),
 * listening on a free loopback port. Prints one JSON line: the port, an administrator's token and the
 * SQL of Order Management's first page (text and parameters) for the bare server.
 * Usage: tsx bench/bare-server/app-server.ts <json: { url, dataDir, query }>
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { estimateListQuery } from '../../src/server/modules/orders/queries';
import { openDatabase } from '../../src/server/platform/db';
import { estimateListQuerySchema } from '../../src/domain/estimate-schemas';
import { BENCH_ADMIN } from '../generate-1m/names';

const { url, dataDir, query } = JSON.parse(process.argv[2]!) as { url: string; dataDir: string; query: Record<string, unknown> };
// No station clock: it would start and complete the generated orders while the calls are timed (as tests do, interval 0).
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', STATISTICS_MINUTES: '0' }),
  stationClockSeconds: 0,
};
const database = await openDatabase({ databaseUrl: url });
await database.migrate();
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const { id } = (await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, BENCH_ADMIN.email) }))!;
const { sql: text, params } = estimateListQuery({ db: database.db, actor: { id, role: 'traffic_admin' }, query: estimateListQuerySchema.parse(query) }).toSQL();
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token: login.json<{ token: string }>().token, text, params })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
