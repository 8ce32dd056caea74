/**
 * `npm install` (prepare), `npm start` (prestart) and `npm test` (pretest) run this first: it builds
 * (web app, server and the first start's database) only when a source, the lock file or a build setting
 * is newer than the last build, so a restart of an unchanged checkout starts at once.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'scripts', 'package-lock.json', 'package.json', 'vite.config.ts', 'tsconfig.json'];

const newest = (entry) => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry, { recursive: true, withFileTypes: true }).reduce(
    (latest, file) => (file.isFile() ? Math.max(latest, statSync(path.join(file.parentPath, file.name)).mtimeMs) : latest),
    stat.mtimeMs,
  );
};

const built = existsSync(STAMP) && existsSync('dist/server/main.js') && existsSync('dist/web/index.html') ? statSync(STAMP).mtimeMs : 0;
const stale = Math.max(...INPUTS.map(newest)) > built;
// An install without dev dependencies (`npm install --omit=dev`) has no build tools: it runs the build it has.
const canBuild = existsSync('node_modules/vite') && existsSync('node_modules/esbuild');
if (stale && !canBuild) {
  if (!built) {
    process.stderr.write('No build in dist/ and no build tools: run `npm install` with dev dependencies once to build.\n');
    process.exit(1);
  }
  process.stderr.write('Sources are newer than dist/, but the build tools are not installed: running the existing build.\n');
} else if (stale) {
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}
