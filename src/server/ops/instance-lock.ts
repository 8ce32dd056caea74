/**
 * The embedded database can be opened by one process at a time. A running Spotbook names itself in
 * `<DATA_DIR>/spotbook.pid`; backup and restore refuse to touch a data folder that is in use.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockFile = (dataDir: string) => path.join(dataDir, 'spotbook.pid');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid of a live Spotbook using this data folder, if any (a stale file left by a crash is ignored). */
export const runningInstance = (dataDir: string): number | null => {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
};

/** Marks the data folder as in use by this process; the returned function releases it. */
export const holdDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid)) rmSync(lockFile(dataDir));
    } catch {
      // Already gone.
    }
  };
};
