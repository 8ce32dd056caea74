/** `npm run seed:demo`: adds the demo data to the configured database, then exits. */
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ensureFirstAdmin } from '../modules/users/first-admin';
import { openDatabase } from '../platform/db';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './seed';

const main = async () => {
  const config = { ...loadConfig(), logLevel: 'warn', echoMail: false };
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    await ensureFirstAdmin({ db: database.db, email: config.admin.email, password: config.admin.password });
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      const outcome = await seedDemo(app, app.ctx);
      process.stdout.write(
        outcome.kind === 'seeded'
          ? `Demo data added. Advertisers (password ${DEMO_PASSWORD}): ${outcome.clients.join(', ')}\nStart Spotbook with npm start; the demo spots finish processing then.\n`
          : 'The demo data is already there.\n',
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`Demo seeding failed: ${(error as Error).message}\n`);
  process.exit(1);
});
