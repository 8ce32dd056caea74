/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: one command each, with the same
 * environment as `npm start` (DATA_DIR, DATABASE_URL). See backup-archive.ts for what a backup holds.
 */
import { ConfigError, loadConfig } from '../config';
import { BackupError, backup, restore } from './backup-archive';

const [command, file] = process.argv.slice(2);

const main = async () => {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('Usage: npm run backup -- <file.tar.gz>   or   npm run restore -- <file.tar.gz>');
  }
  const config = loadConfig();
  const where = config.databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    const manifest = await backup(config, file);
    const media =
      config.storage.kind === 's3'
        ? `media left in the bucket s3://${config.storage.bucket} (back it up with the bucket's versioning or replication)`
        : `${manifest.media_files} media files`;
    process.stdout.write(`Backed up ${where} (${manifest.migrations} migrations) and ${media} to ${file}\n`);
  } else {
    const manifest = await restore(config, file);
    process.stdout.write(`Restored the backup of ${manifest.created_at} (${manifest.media_files} media files) into ${where}. Start Spotbook with npm start.\n`);
  }
};

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(
    `${command === 'restore' ? 'Restore' : 'Backup'} failed: ${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
});
