/** Writes src/server/db/schema.sql: the schema after every migration (src/server/db/schema-dump.ts). */
import { writeFileSync } from 'node:fs';
import { schemaDump } from '../src/server/db/schema-dump';
import { openDatabase } from '../src/server/platform/db';

const database = await openDatabase({ memory: true });
await database.migrate();
writeFileSync('src/server/db/schema.sql', await schemaDump(database.db));
await database.close();
process.stdout.write('wrote src/server/db/schema.sql\n');
