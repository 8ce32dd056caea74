/**
 * Spotbook for the upload benchmark: its own data folder (PGlite on disk), a free loopback port.
 * Prints one JSON line { port, token, brandId } once it listens; stops on SIGTERM.
 * Usage: tsx bench/upload/app-server.ts <dataDir>
 */
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ensureFirstAdmin } from '../../src/server/modules/users/first-admin';
import { openDatabase } from '../../src/server/platform/db';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: app-server.ts <dataDir>');
const admin = { email: 'bench@spotbook.test', password: 'Bench-Passw0rd' };
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
await database.migrate();
await ensureFirstAdmin({ db: database.db, ...admin });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
const token = login.json().token as string;
const brand = await app.inject({
  method: 'POST',
  url: '/api/brands',
  headers: { authorization: `Bearer ${token}` },
  payload: { common_name: 'Bench', legal_name: 'Bench LLC' },
});
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token, brandId: brand.json().id })}\n`);

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
