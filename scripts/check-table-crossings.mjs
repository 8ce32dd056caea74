/**
 * The list of known table crossings only shrinks (decision 042): eslint refuses a module's import of a
 * table it neither owns nor has listed in eslint/known-table-crossings.js; this fails on a listed
 * crossing no file of the module needs any more, so that removing a read also removes its entry.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { allTables, tableOwners } from '../eslint/table-owners.js';
import { knownTableCrossings } from '../eslint/known-table-crossings.js';

const MODULES = 'src/server/modules';
const filesOf = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );

const problems = [];
for (const module of readdirSync(MODULES)) if (!(module in tableOwners)) problems.push(`${module}: a module missing from eslint/table-owners.js`);
for (const [module, listed] of Object.entries(knownTableCrossings)) {
  if (!(module in tableOwners)) {
    problems.push(`${module}: no such module`);
    continue;
  }
  const imported = new Set();
  for (const file of filesOf(path.join(MODULES, module))) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import (?:type )?\{([^}]*)\} from '(?:\.\.\/)+db\/(?:schema|rollups)'/g)) {
      for (const name of names.split(',').map((n) => n.replace(/\btype\b/, '').trim())) if (allTables.includes(name)) imported.add(name);
    }
  }
  for (const table of listed) {
    if (tableOwners[module].includes(table)) problems.push(`${module}: owns ${table}, which is no crossing`);
    else if (!imported.has(table)) problems.push(`${module}: no longer imports ${table}: remove it from eslint/known-table-crossings.js`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`Known table crossings (decision 042):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
