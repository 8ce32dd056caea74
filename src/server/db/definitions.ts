/**
 * The current-definition SQL files (decisions 039 and 049): src/server/db/sql holds, one file per
 * concern, the functions, views and triggers as they are today, written to be applied again (CREATE OR
 * REPLACE). They are repeatable definitions: after the numbered migrations, each adapter's `migrate()`
 * applies a file whose checksum differs from the one `schema_definitions` recorded, and every file after
 * it in DEFINITION_FILES (a later file may use what an earlier one defines), each in one transaction with
 * its checksum row. test/api/sql-definitions.test.ts holds the files to the migrated database.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../platform/db-port';

/** In the order they are applied: a file may use what the files before it define. */
export const DEFINITION_FILES = [
  'channels.sql',
  'locks.sql',
  'pricing.sql',
  'orders.sql',
  'audit.sql',
  'rollups-computed.sql',
  'rollups.sql',
  'published.sql',
] as const;
export type DefinitionFile = (typeof DEFINITION_FILES)[number];

/** Beside the migrations: src/server/db/sql, or dist/db/sql in the build (scripts/build-server.mjs copies it). */
const folder = path.join(migrationsFolder, '../sql');

export const definitionText = (file: DefinitionFile): string => readFileSync(path.join(folder, file), 'utf8');

/**
 * A file's statements, one by one: a statement ends with a line ending in `;` outside a `$function$`
 * body. Comment lines go with the statement after them.
 */
export const definitionStatements = (file: DefinitionFile): string[] => {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of definitionText(file).split('\n')) {
    if (current.length === 0 && line.trim() === '') continue;
    current.push(line);
    if ((line.match(/\$function\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && line.trimEnd().endsWith(';') && !line.trimStart().startsWith('--')) {
      statements.push(current.join('\n'));
      current = [];
    }
  }
  if (current.some((line) => line.trim() !== '' && !line.trimStart().startsWith('--'))) throw new Error(`${file}: a statement without its closing ;`);
  return statements;
};

export const allDefinitionStatements = (): string[] => DEFINITION_FILES.flatMap(definitionStatements);

/** What applying the files needs of a connection: PGlite's or one pg client, already under the migrations' lock. */
export interface DefinitionsSession {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  /** Runs one or several statements. */
  exec(text: string): Promise<void>;
}

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Applies the definition files the database does not have as they are: from the first whose checksum
 * differs from (or is missing in) `schema_definitions`, that file and every one after it, each in one
 * transaction with its checksum row. Answers the files applied.
 */
export const applyDefinitions = async (session: DefinitionsSession): Promise<DefinitionFile[]> => {
  const recorded = new Map(
    (await session.query<{ file: string; checksum: string }>('select file, checksum from schema_definitions', [])).map((row) => [row.file, row.checksum]),
  );
  const files = DEFINITION_FILES.map((file) => {
    const text = definitionText(file);
    return { file, text, checksum: checksumOf(text) };
  });
  const firstChanged = files.findIndex(({ file, checksum }) => recorded.get(file) !== checksum);
  if (firstChanged < 0) return [];
  const applied: DefinitionFile[] = [];
  for (const { file, text, checksum } of files.slice(firstChanged)) {
    await session.exec('begin');
    try {
      await session.exec(text);
      await session.query(
        `insert into schema_definitions (file, checksum, applied_at) values ($1, $2, now())
         on conflict (file) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [file, checksum],
      );
      await session.exec('commit');
    } catch (error) {
      await session.exec('rollback').catch(() => undefined);
      throw new Error(`src/server/db/sql/${file} could not be applied: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }
  return applied;
};
