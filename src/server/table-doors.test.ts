/**
 * One door per table, in SQL text too (issue 39, decision 042): SQL written in
 * `src/server/modules/<m>/` names only the tables <m> owns and the read-only views their owners publish
 * (eslint/table-owners.js, the one map of owners; lint checks the tables imported from the schema). The
 * crossings left, in modules being changed elsewhere, are listed in eslint/known-table-crossings.js
 * (`knownSqlCrossings`): the list only shrinks, so an entry no module needs any more fails here too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { getViewConfig, isPgSequence, isPgView } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { knownSqlCrossings } from '../../eslint/known-table-crossings.js';
import { platformTables, tableOwners } from '../../eslint/table-owners.js';
import * as rollups from './db/rollups';
import * as schema from './db/schema';
import { sqlTextsOf, tableNamesIn } from './sql-table-names';

const MODULES = 'src/server/modules';
const objects: Record<string, unknown> = { ...schema, ...rollups };

/** The SQL name of a table or view of the schema, from its Drizzle name. */
const sqlNameOf = (name: string): { sqlName: string; view: boolean } => {
  const object = objects[name];
  if (isTable(object)) return { sqlName: getTableName(object), view: false };
  if (isPgSequence(object)) return { sqlName: object.seqName!, view: false };
  if (isPgView(object)) return { sqlName: getViewConfig(object).name, view: true };
  throw new Error(`eslint/table-owners.js names ${name}, which the schema does not define`);
};

/** SQL name → the modules that own it ('platform' for the platform's), and the views published. */
const owners = new Map<string, string[]>();
const publishedViews = new Set<string>();
for (const [module, names] of [...Object.entries(tableOwners), ['platform', platformTables] as const]) {
  for (const name of names) {
    const { sqlName, view } = sqlNameOf(name);
    owners.set(sqlName, [...(owners.get(sqlName) ?? []), module]);
    if (view) publishedViews.add(sqlName);
  }
}

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );

/** Per module: the other modules' tables its SQL text names, with the files naming each. */
const crossings = (): Map<string, Map<string, string[]>> => {
  const found = new Map<string, Map<string, string[]>>();
  for (const module of readdirSync(MODULES)) {
    for (const file of filesOf(path.join(MODULES, module))) {
      for (const text of sqlTextsOf(file, readFileSync(file, 'utf8'))) {
        for (const table of tableNamesIn(text)) {
          const of = owners.get(table);
          if (!of || of.includes(module) || publishedViews.has(table)) continue;
          const tables = found.get(module) ?? new Map<string, string[]>();
          tables.set(table, [...new Set([...(tables.get(table) ?? []), file])]);
          found.set(module, tables);
        }
      }
    }
  }
  return found;
};

describe('SQL text in a module', () => {
  it('names only its own tables and published views, and the crossings listed as known', () => {
    const unlisted = [...crossings()].flatMap(([module, tables]) =>
      [...tables]
        .filter(([table]) => !knownSqlCrossings[module]?.includes(table))
        .map(([table, files]) => `${module} names ${table} (${owners.get(table)!.join(', ')}'s): ${files.join(', ')}`),
    );
    expect(unlisted, 'read it through its owner’s functions or a view it publishes (docs/architecture.md)').toEqual([]);
  });

  it('still needs every crossing listed as known (the list only shrinks)', () => {
    const found = crossings();
    const stale = Object.entries(knownSqlCrossings).flatMap(([module, tables]) =>
      tables.filter((table) => !found.get(module)?.has(table)).map((table) => `${module}: ${table}`),
    );
    expect(stale, 'remove these from knownSqlCrossings in eslint/known-table-crossings.js').toEqual([]);
  });
});

describe('the reading of SQL text', () => {
  it('finds the tables after FROM, JOIN, UPDATE, INTO and in FROM lists, not in comments, strings or function calls', () => {
    expect(tableNamesIn('select 1 from campaigns c join brands b on b.id = c.brand_id left join "users" u on true')).toEqual(['campaigns', 'brands', 'users']);
    expect(tableNamesIn('update traffic_spots set x = 1; insert into public.dayparts (id) values (1); delete from only coupons')).toEqual([
      'traffic_spots',
      'dayparts',
      'coupons',
    ]);
    expect(tableNamesIn('select * from invoices i, credit_notes as n, lateral unnest(x) as y')).toEqual(['invoices', 'credit_notes', 'lateral']);
    expect(tableNamesIn("select 'from brands' -- join users\n from unnest($1) as r(id) /* from dayparts */")).toEqual([]);
  });

  it('reads sql`` templates (not their interpolations) and sql.raw, execute and query arguments', () => {
    const source = [
      'const a = sql`select * from brands where id = ${id}`;',
      'await db.execute(sql`delete from ${users} where 1 = 1 and exists (select 1 from sessions)`);',
      "const b = sql.raw('select 1 from dayparts');",
      "await client.query('update coupons set x = 1');",
      'const c = `select * from campaigns`;',
    ].join('\n');
    const names = sqlTextsOf('example.ts', source).flatMap(tableNamesIn);
    expect(names).toEqual(['brands', 'sessions', 'dayparts', 'coupons']);
  });

  it('knows every table of eslint/table-owners.js by its SQL name', () => {
    expect(owners.get('traffic_spots')).toEqual(['traffic']);
    expect(owners.get('users')).toEqual(['auth', 'profile', 'users']);
    expect([...publishedViews].sort()).toEqual([
      'brand_names',
      'campaign_states',
      'card_labels',
      'daypart_windows',
      'log_days',
      'log_spots',
      'makegood_bookings',
      'media_names',
      'order_items',
      'order_schedule_lines',
      'order_schedules',
      'orders',
      'user_names',
    ]);
  });
});
