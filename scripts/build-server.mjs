/**
 * Compiles the server to plain JavaScript (dist/server/*.js, one bundle per entry point, packages
 * left external) and copies the SQL migrations beside it, so that `npm start` runs `node`, not tsx.
 * Code splitting keeps each `await import()` lazy: what only S3, PostgreSQL or pg-boss need goes into
 * its own chunk, loaded when configured (without splitting esbuild inlines it, and its packages'
 * imports move to the top of main.js, loaded at every start). Chunks sit beside main.js because
 * platform/db-port.ts finds the migrations relative to its own file.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
rmSync('dist/db', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'ops-cli': 'src/server/ops/cli.ts', 'demo-cli': 'src/server/demo/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// platform/db-port.ts finds its migrations at ../db/migrations from the running file.
cpSync('src/server/db/migrations', 'dist/db/migrations', { recursive: true });
// …and the definition files at ../db/sql, which migrate() applies after them (decision 049).
cpSync('src/server/db/sql', 'dist/db/sql', { recursive: true });
writeFileSync('dist/server/package.json', '{ "type": "module" }\n');
