/**
 * Builds dist/db/template.tar.gz: an embedded database with every migration and definition file
 * applied, made once at build time. A first start on a new data folder unpacks it instead of creating a
 * database (initdb) and migrating it, which is most of a first start's time and leaves memory the
 * process never gives back (decision 024). Start-up still applies any migration newer than the
 * template, and any definition file changed since (decision 049).
 */
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/platform/db';

// In memory, with the embedded settings of src/server/platform/db.ts (EMBEDDED_START_PARAMS).
const database = await openDatabase({ memory: true });
await database.migrate();
const client = database.pglite!;
await client.exec('vacuum analyze');
const tarball = await client.dumpDataDir('gzip');
writeFileSync('dist/db/template.tar.gz', Buffer.from(await tarball.arrayBuffer()));
await database.close();
