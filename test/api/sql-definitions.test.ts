/**
 * The current-definition SQL files (decision 039, issue 22): src/server/db/sql holds the functions,
 * views and triggers as the migrated database has them, the advisory locks have one list of names in
 * TypeScript and SQL, and JSON handed between the rollup functions is read by its keys or refused.
 * On PGlite and on PostgreSQL.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITION_FILES, allDefinitionStatements } from '../../src/server/db/definitions';
import { schemaDump } from '../../src/server/db/schema-dump';
import type { Database } from '../../src/server/platform/db';
import { IMPRESSIONS_PER_SPOT } from '../../src/domain/constants';
import { LOCK_IDS } from '../../src/server/platform/lock-ids';
import { openTestDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rows = async <T>(query: SQL): Promise<T[]> => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'migrations' ? [] : serverFiles(`${dir}/${e.name}`)) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );

/** Every message along an error's causes (Drizzle wraps the driver's error). */
const messagesOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
    return messages.join(' | ');
  }
  return 'no error';
};

describe('the current-definition files', () => {
  it('are what the migrations made: applying them again changes nothing in the schema', async () => {
    const before = await schemaDump(database.db);
    const statements = allDefinitionStatements();
    expect(statements.length).toBeGreaterThan(60);
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    expect(
      await schemaDump(database.db),
      'src/server/db/sql differs from the migrated database: a file is not idempotent, or the database was changed outside the files (decision 049)',
    ).toBe(before);
  });

  it('count a spot’s impressions as src/domain/constants.ts does, written once in SQL (spot_impressions)', async () => {
    expect(await rows<{ n: number }>(sql`select spot_impressions() as n`)).toEqual([{ n: IMPRESSIONS_PER_SPOT }]);
    const text = DEFINITION_FILES.map((file) => readFileSync(`src/server/db/sql/${file}`, 'utf8')).join('\n');
    expect(text.match(new RegExp(`\\b${IMPRESSIONS_PER_SPOT}\\b`, 'g')), 'the number written once, in spot_impressions()').toHaveLength(1);
  });

  it('define every function, view and trigger the database has', async () => {
    const text = DEFINITION_FILES.map((file) => readFileSync(`src/server/db/sql/${file}`, 'utf8')).join('\n');
    const defined = new Set([...text.matchAll(/^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?(?:FUNCTION|VIEW|TRIGGER) (\w+)/gm)].map((m) => m[1]));
    const existing = await rows<{ kind: string; name: string }>(sql`
      select 'function' as kind, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all select 'view', c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'v'
      union all select 'trigger', t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal`);
    expect(existing.length).toBeGreaterThan(80);
    expect(
      existing.filter((e) => !defined.has(e.name)).map((e) => `${e.kind} ${e.name}`),
      'in the database but in no file of src/server/db/sql',
    ).toEqual([]);
  });

  it('read every JSON record set through json_records with the keys they read', () => {
    for (const file of DEFINITION_FILES) {
      const text = readFileSync(`src/server/db/sql/${file}`, 'utf8');
      const reads = text.match(/jsonb_to_recordset\(/g)?.length ?? 0;
      const checked = [...text.matchAll(/jsonb_to_recordset\(json_records\(\w+, ARRAY\[([^\]]*)\]\)\) AS x\(([^)]*)\)/g)];
      expect(checked.length, `${file}: a jsonb_to_recordset not read through json_records`).toBe(reads);
      for (const [, keys, columns] of checked) {
        const names = columns!.split(',').map((c) => c.trim().split(/\s+/)[0]);
        expect(
          keys!.split(',').map((k) => k.trim().replace(/'/g, '')),
          `${file}: json_records keys`,
        ).toEqual(names);
      }
    }
  });
});

describe('JSON between the rollup functions', () => {
  it('refuses a record with a misspelt key instead of reading NULL, and changes nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from order_counts`);
    const record = JSON.stringify([{ owner_idd: '00000000-0000-0000-0000-000000000001', brand_id: null, status: 'draft', n: 1, spend: 100, rec: 0 }]);
    expect(await messagesOf(database.db.execute(sql`select order_counts_add(${record}::jsonb)`))).toContain('json_records');
    const hours = JSON.stringify([{ submited_at: null, created_at: '2026-11-25T10:00:00Z', status: 'draft', brand_id: null, n: 1, amount: 5 }]);
    expect(await messagesOf(database.db.execute(sql`select brand_hours_add(${hours}::jsonb)`))).toContain('lacks one of the keys');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from order_counts`)).toEqual(before);
  });

  it('still reads well-formed records', async () => {
    const owner = '00000000-0000-0000-0000-0000000000aa';
    const record = JSON.stringify([{ owner_id: owner, brand_id: null, channel_id: null, status: 'draft', n: 2, spend: 300, rec: 0 }]);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select order_counts_add(${record}::jsonb)`);
        const [row] = (
          (await tx.execute(sql`select orders::int, spend_cents::int from order_counts where scope = 'owner' and scope_id = ${owner}`)) as unknown as {
            rows: unknown[];
          }
        ).rows;
        expect(row).toEqual({ orders: 2, spend_cents: 300 });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!String((error as Error).message).includes('Rollback')) throw error;
      });
  });
});

describe('advisory lock ids', () => {
  it('are the same names and numbers in TypeScript (lock-ids.ts) and SQL (lock_ids())', async () => {
    const inSql = await rows<{ name: string; id: number }>(sql`select name, id from lock_ids() order by id`);
    expect(Object.fromEntries(inSql.map((r) => [r.name, Number(r.id)]))).toEqual(LOCK_IDS);
    for (const [name, id] of Object.entries(LOCK_IDS)) {
      expect(Number((await rows<{ id: number }>(sql`select lock_id(${name}) as id`))[0]!.id)).toBe(id);
    }
    expect(await messagesOf(database.db.execute(sql`select lock_id('rollup_writter')`))).toContain('no advisory lock is named rollup_writter');
  });

  it('appear by name only: no bare lock number in the SQL files or the server', () => {
    const numbers = Object.values(LOCK_IDS).flatMap((id) => [String(id), id.toLocaleString('en').replace(/,/g, '_')]);
    for (const file of DEFINITION_FILES) {
      const text = readFileSync(`src/server/db/sql/${file}`, 'utf8').replace(/CREATE OR REPLACE FUNCTION lock_ids\(\)[\s\S]*?\$function\$;/, '');
      for (const n of numbers) expect(text, `${file} names lock ${n} by number`).not.toContain(n);
    }
    for (const file of serverFiles('src/server')) {
      if (file.endsWith('lock-ids.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const n of numbers) expect(text, `${file} names lock ${n} by number`).not.toContain(n);
    }
  });
});
