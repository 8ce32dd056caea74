/**
 * The current-definition SQL files (decision 039): src/server/db/sql holds, one file per concern, the
 * functions, views and triggers as they are today, written to be applied again (CREATE OR REPLACE). A
 * migration carries their text (scripts/definitions-migration.ts writes it); test/api/sql-definitions.test.ts
 * fails when the files and the migrated database differ. Used by that script and the tests, not at run time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** In the order they are applied: a file may use what the files before it define. */
export const DEFINITION_FILES = ['locks.sql', 'pricing.sql', 'orders.sql', 'audit.sql', 'rollups.sql'] as const;

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql');

/**
 * A file's statements, one by one (a migration runs one statement per breakpoint): a statement ends
 * with a line ending in `;` outside a `$function$` body. Comment lines go with the statement after them.
 */
export const definitionStatements = (file: (typeof DEFINITION_FILES)[number]): string[] => {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) {
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
