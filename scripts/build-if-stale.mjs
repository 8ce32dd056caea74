/**
 * `npm start` runs this first: it builds (web app and server) only when a source, the lock file or a
 * build setting is newer than the last build, so a restart of an unchanged checkout starts at once.
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
  return readdirSync(entry, { recursive: true, withFileTypes: true }).reduce((latest, file) => (file.isFile() ? Math.max(latest, statSync(path.join(file.parentPath, file.name)).mtimeMs) : latest), stat.mtimeMs);
};

const built = existsSync(STAMP) && existsSync('dist/server/main.js') && existsSync('dist/web/index.html') ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...INPUTS.map(newest)) > built) {
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}
