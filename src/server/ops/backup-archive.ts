/**
 * One backup file (a gzipped tar): `manifest.json`, the database (a PGlite data-folder dump or a
 * pg_dump custom-format archive), the media files of the disk storage and the token-signing secret.
 * Restoring puts them into a fresh instance of the same database kind.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Config } from '../config';
import { openDatabase } from '../platform/db';
import { runningInstance } from './instance-lock';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** The migrations applied when the backup was taken. */
  migrations: number;
  /** Where media lived: files in the archive (disk), or a bucket that is not archived (s3, decision 015). */
  media: 'disk' | 's3';
  media_files: number;
  jwt_secret: boolean;
}

export class BackupError extends Error {}

const PGLITE_DUMP = 'database.pglite.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';

const run = (command: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found on PATH: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });

const pgliteDir = (config: Config) => path.join(config.dataDir, 'db');
const mediaDir = (config: Config) => path.join(config.dataDir, 'media');
const secretFile = (config: Config) => path.join(config.dataDir, 'jwt-secret');

/** Media files, without uploads still being written (`.partial`). */
const mediaFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

const refuseWhileRunning = (config: Config, verb: string) => {
  const pid = runningInstance(config.dataDir);
  if (pid !== null && !config.databaseUrl) {
    throw new BackupError(
      `Spotbook is running on ${config.dataDir} (pid ${pid}): stop it, then ${verb}. The embedded database can be opened by one process at a time, so a copy taken now could not be consistent.`,
    );
  }
};

const migrationCount = async (config: Config): Promise<number> => {
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) });
  try {
    const result = (await database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations' as never)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await database.close();
  }
};

export const backup = async (config: Config, file: string): Promise<BackupManifest> => {
  refuseWhileRunning(config, 'back up');
  if (!config.databaseUrl && !existsSync(pgliteDir(config))) throw new BackupError(`There is no database in ${pgliteDir(config)} to back up`);
  const staging = mkdtempSync(path.join(path.dirname(path.resolve(file)), '.spotbook-backup-'));
  try {
    const migrations = await migrationCount(config);
    if (config.databaseUrl) {
      // A custom-format dump is consistent while the server runs (one snapshot).
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_DUMP)}`, config.databaseUrl]);
    } else {
      const client = await PGlite.create(pgliteDir(config));
      try {
        writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    // Media on S3 stays in its bucket: its versioning or replication is the operator's backup of it.
    const files = config.storage.kind === 's3' ? [] : mediaFiles(mediaDir(config));
    mkdirSync(path.join(staging, 'media'));
    for (const name of files) {
      mkdirSync(path.dirname(path.join(staging, 'media', name)), { recursive: true });
      // A link, not a copy: the archive reads the file once.
      symlinkSync(path.join(mediaDir(config), name), path.join(staging, 'media', name));
    }
    const jwtSecret = existsSync(secretFile(config));
    if (jwtSecret) cpSync(secretFile(config), path.join(staging, 'jwt-secret'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      migrations,
      media: config.storage.kind,
      media_files: files.length,
      jwt_secret: jwtSecret,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', config.databaseUrl ? POSTGRES_DUMP : PGLITE_DUMP, 'media', ...(jwtSecret ? ['jwt-secret'] : [])];
    // The archive holds password hashes, sessions and the signing secret: it is written 0600 inside the
    // staging folder (0700) and moved into place whole, so it is never readable by others, not even
    // while it is written, and an older file of the same name is replaced rather than kept with its mode
    // (issue 30, finding 8; decision 008).
    const partial = path.join(staging, 'archive.partial');
    await tar.create({ file: partial, gzip: true, cwd: staging, follow: true, portable: true, mode: 0o600 }, entries);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
};

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

const postgresHasTables = async (url: string): Promise<boolean> => {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const result = (await database.db.execute(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')" as never,
    )) as unknown as { rows: { n: number }[] };
    return (result.rows[0]?.n ?? 0) > 0;
  } finally {
    await database.close();
  }
};

/** Restores a backup into a fresh instance (an empty data folder or database) of the same kind. */
export const restore = async (config: Config, file: string): Promise<BackupManifest> => {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  refuseWhileRunning(config, 'restore');
  const staging = mkdtempSync(path.join(path.dirname(path.resolve(file)), '.spotbook-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a Spotbook backup: ${(error as Error).message}`);
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`${file} is not a Spotbook backup (no manifest.json)`);
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`This backup's format (${manifest.format}) is not one this version reads (${BACKUP_FORMAT})`);
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new BackupError(
        `This backup holds a ${manifest.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database; restore it with ${manifest.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set to an empty PostgreSQL database'}`,
      );
    }
    if (!isEmptyDir(mediaDir(config))) throw new BackupError(`${mediaDir(config)} is not empty: restore into a fresh instance (an empty DATA_DIR)`);
    if (config.databaseUrl) {
      if (await postgresHasTables(config.databaseUrl)) throw new BackupError('The database at DATABASE_URL is not empty: restore into a new, empty database');
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(staging, POSTGRES_DUMP)]);
    } else {
      if (!isEmptyDir(pgliteDir(config))) throw new BackupError(`${pgliteDir(config)} is not empty: restore into a fresh instance (an empty DATA_DIR)`);
      mkdirSync(pgliteDir(config), { recursive: true });
      const dump = new Blob([readFileSync(path.join(staging, PGLITE_DUMP))]);
      const client = await PGlite.create({ dataDir: pgliteDir(config), loadDataDir: dump });
      await client.close();
    }
    if (existsSync(path.join(staging, 'media'))) cpSync(path.join(staging, 'media'), mediaDir(config), { recursive: true });
    if (manifest.jwt_secret) cpSync(path.join(staging, 'jwt-secret'), secretFile(config));
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
};
