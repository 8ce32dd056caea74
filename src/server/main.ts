import { buildApp } from './app';
import { startExitWatchdog } from './platform/exit-watchdog';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db';
import { holdDataDir } from './ops/instance-lock';
import { ensureFirstAdmin } from './modules/users/first-admin';
import { DEMO_PASSWORD } from './demo/demo-data';
import { seedDemo } from './demo/seed';
import path from 'node:path';
import { nonBlockingLogStream } from './platform/log-stream';
import { startupStep } from './platform/startup-timings';

const start = async () => {
  startupStep('node and the modules');
  const config = loadConfig();
  // Backup and restore refuse an embedded data folder that a running Spotbook holds.
  const release = config.databaseUrl ? () => undefined : holdDataDir(config.dataDir);
  process.on('exit', release);
  const embeddedDir = path.join(config.dataDir, 'db');
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: embeddedDir });
  startupStep('opening the database');
  await database.migrate();
  startupStep('migrations and definitions');
  const admin = await ensureFirstAdmin({ db: database.db, email: config.admin.email, password: config.admin.password });
  startupStep('the first administrator');
  // Log lines go to standard output without ever blocking: a full or closed pipe drops them (decision 008).
  const app = await buildApp({ config, database, logStream: nonBlockingLogStream() });
  startupStep('building the app');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Armed before anything that can block, a log line included (issue 30, finding 14). The timer exits a
    // shutdown stuck on I/O; the watchdog thread also ends one whose main thread is blocked.
    startExitWatchdog(10_000);
    const force = setTimeout(() => process.exit(1), 9_000).unref();
    try {
      app.log.info({ signal }, 'shutting down');
      // Requests in flight get 3 s. A connection still open then (one that connected but never sent a
      // whole request is not "idle" to Node) is cut, or server.close() would wait for it forever.
      const cut = setTimeout(() => app.server.closeAllConnections(), 3_000).unref();
      await app.close();
      clearTimeout(cut);
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const demo = config.demo ? await seedDemo(app, app.ctx) : undefined;
  // A burst of connections waits in a longer queue than Node's 511 rather than being reset by the kernel;
  // the sign-in gate answers them quickly once accepted (decision 046, bench/sign-in-burst).
  await app.listen({ port: config.port, host: config.host, backlog: 2048 });
  startupStep('listening');
  // Start-up leaves much garbage (modules, migrations); one full collection now keeps resting memory low.
  setTimeout(() => (globalThis as { gc?: () => void }).gc?.(), 1_000).unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.appUrl.replace(/:\d+$/, `:${port}`);
  const lines = [
    '',
    `  Spotbook is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${embeddedDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (admin.kind === 'created' && admin.generatedPassword) {
    lines.push(
      `  Sign in as ${admin.email} with password ${admin.generatedPassword}`,
      '  (shown once: keep it; "Forgot password" prints a reset link here if it is lost)',
    );
  } else if (admin.kind !== 'existing' || config.admin.email) {
    lines.push(`  Sign in as ${config.admin.email} with the ADMIN_PASSWORD you set`);
  } else {
    lines.push('  Sign in with your administrator account (the first start printed its password).');
  }
  if (demo?.kind === 'seeded') lines.push(`  Demo advertisers (password ${DEMO_PASSWORD}): ${demo.clients.join(', ')}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Spotbook cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Spotbook failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
