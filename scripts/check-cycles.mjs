/**
 * Fails when the server's modules import each other in a cycle (issue 22, decision 039): type-only
 * imports count too, since a cycle of types is a cycle of meaning. Reads import lines only
 * (typescript's preProcessFile, no type-check), so it adds well under a second to `npm run lint`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = 'src/server';

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

const resolve = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = path.join(path.dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
};

const files = filesUnder(ROOT);
const edges = new Map(
  files.map((file) => [
    file,
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((i) => resolve(file, i.fileName))
      .filter((target) => target && target.startsWith(ROOT)),
  ]),
);

// Tarjan's strongly connected components: each component of more than one file (or a file importing itself) is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
const visit = (file) => {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
};
for (const file of files) if (!index.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`Import cycles in ${ROOT} (move the shared piece to a file of its own):`);
  for (const cycle of cycles) console.error(`  - ${cycle.join('\n    ')}`);
  process.exit(1);
}
