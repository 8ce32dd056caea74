import { startExitWatchdog } from './platform/exit-watchdog';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db';
import { holdDataDir } from './ops/instance-lock';
import path from 'node:path';
import { nonBlockingLogStream } from './platform/log-stream';
import { startupStep } from './platform/startup-timings';
import { collectGarbage } from './platform/collect-garbage';

/**
 * How long after listening the recurring jobs' start-up runs (station clock, statistics, untouched drafts)
 * wait: a restart's first requests (health, sign-ins) are then not queued behind them on PGlite's one
 * connection (decision 062).
 */
const RECURRING_JOBS_AFTER_LISTEN_MS = 1_000;

const start = async () => {
  startupStep('node and the modules');
  const config = loadConfig();
  // Backup and restore refuse an embedded data folder that a running Spotbook holds.
  const release = config.databaseUrl ? () => undefined : holdDataDir(config.dataDir);
  process.on('exit', release);
  const embeddedDir = path.join(config.dataDir, 'db');
  // The app's modules load while the database opens: PGlite compiles its WebAssembly on a background thread
  // meanwhile (decision 062). Only what opening the database needs is imported above.
  const opening = openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: embeddedDir });
  const modules = Promise.all([import('./app'), import('./modules/users/first-admin')]);
  // Either may fail first; neither rejection is left unhandled while the other is awaited.
  void modules.catch(() => undefined);
  const database = await opening;
  startupStep('opening the database (the modules loading beside it)');
  const [{ buildApp }, { ensureFirstAdmin }] = await modules;
  startupStep('the rest of the modules');
  await database.migrate();
  startupStep('migrations and definitions');
  const admin = await ensureFirstAdmin({ db: database.db, email: config.admin.email, password: config.admin.password });
  startupStep('the first administrator');
  let startRecurringJobs: () => void = () => undefined;
  const recurringJobsAfter = new Promise<void>((resolve) => {
    startRecurringJobs = resolve;
  });
  // Log lines go to standard output without ever blocking: a full or closed pipe drops them (decision 008).
  const app = await buildApp({ config, database, logStream: nonBlockingLogStream(), recurringJobsAfter });
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

  // The demo's modules load only when it is on.
  const demoModules = config.demo ? await Promise.all([import('./demo/seed'), import('./demo/demo-data')]) : undefined;
  const demo = demoModules ? await demoModules[0].seedDemo(app, app.ctx) : undefined;
  // A burst of connections waits in a longer queue than Node's 511 rather than being reset by the kernel;
  // the sign-in gate answers them quickly once accepted (decision 046, bench/sign-in-burst).
  await app.listen({ port: config.port, host: config.host, backlog: 2048 });
  startupStep('listening');
  setTimeout(startRecurringJobs, RECURRING_JOBS_AFTER_LISTEN_MS).unref();
  // Start-up leaves much garbage (modules, migrations); one full collection now keeps resting memory low.
  setTimeout(collectGarbage, 1_000).unref();
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
  if (demo?.kind === 'seeded') lines.push(`  Demo advertisers (password ${demoModules![1].DEMO_PASSWORD}): ${demo.clients.join(', ')}`);
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
