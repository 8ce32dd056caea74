/**
 * Builds dist/db/template.tar.gz: an embedded database with every migration applied, made once at
 * build time. A first start on a new data folder unpacks it instead of creating a database (initdb)
 * and migrating it, which is most of a first start's time and leaves memory the process never gives
 * back (decision 024). Start-up still applies any migration newer than the template.
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// The same settings as src/server/platform/db.ts (EMBEDDED_START_PARAMS).
const client = await PGlite.create({ startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
await migrate(drizzle(client), { migrationsFolder: 'src/server/db/migrations' });
await client.exec('vacuum analyze');
const tarball = await client.dumpDataDir('gzip');
writeFileSync('dist/db/template.tar.gz', Buffer.from(await tarball.arrayBuffer()));
await client.close();
