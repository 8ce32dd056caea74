/**
 * Compiles the server to plain JavaScript (dist/server/*.js, one bundle per entry point, packages
 * left external) and copies the SQL migrations beside it, so that `npm start` runs `node`, not tsx.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
rmSync('dist/db', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'ops-cli': 'src/server/ops/cli.ts', 'demo-cli': 'src/server/demo/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// platform/db.ts finds its migrations at ../db/migrations from the running file.
cpSync('src/server/db/migrations', 'dist/db/migrations', { recursive: true });
writeFileSync('dist/server/package.json', '{ "type": "module" }\n');
