import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { mailOutbox } from '../../src/server/db/schema';
import type { Database } from '../../src/server/platform/db';
import { ensureFirstAdmin } from '../../src/server/modules/users/first-admin';
import { TEST_STATION_ZONE } from './clock';
import { openTestDatabase } from './database';

export const ADMIN = { email: 'admin@spotbook.test', password: 'Admin-Passw0rd' };
export const APP_URL = 'http://spotbook.test';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: path.resolve('data/test'),
  databaseUrl: undefined,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  appUrl: APP_URL,
  admin: { ...ADMIN },
  smtpUrl: undefined,
  mailFrom: 'Spotbook <no-reply@spotbook.test>',
  echoMail: false,
  mailRetryDelaysMs: [20, 40],
  logLevel: 'silent',
  sessionTtlMs: 3600_000,
  trustProxy: false,
  jobsAdapter: 'in-process',
  demo: false,
  webDir: path.resolve('dist/web'),
  stationTimeZone: TEST_STATION_ZONE,
  trafficHorizonDays: 7,
  trafficBreakMinutes: 15,
  stationClockSeconds: 0,
  asRunToleranceMinutes: 10,
  asRunMaxMb: 200,
  asRunGraceHours: 36,
  makegoodExpiryHours: 72,
  statisticsMinutes: 0,
  metricsToken: null,
  slowRequestMs: 500,
  sessionCacheSeconds: 5,
  allowedOrigins: [],
  storage: { kind: 'disk' },
  storageCredentials: undefined,
  mediaLeaseSeconds: 30,
  idempotencyTtlHours: 24,
  // High enough that no suite trips it (hostile walks send hundreds of calls from one address); the rate-limit test lowers it.
  rateLimitPerMinute: 100_000,
  redisUrl: null,
  webhookAllowPrivate: true,
  webhookRetryDelaysMs: [50, 100, 150, 200, 250, 300, 350],
  webhookTimeoutMs: 2_000,
  ...overrides,
});

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomUUID().slice(0, 8)}.${(sequence += 1)}@example.com`;

export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Casey',
  lastName: 'Client',
  email: uniqueEmail('client'),
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
  company: 'Acme Foods',
  jobTitle: 'Media Buyer',
  password: 'Client-Passw0rd',
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  inject(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Registers a new client; returns its token, user and password. */
  signUp(
    overrides?: Record<string, unknown>,
  ): Promise<{ token: string; user: { id: string; email: string; role: string; full_name: string | null }; password: string }>;
  /** Messages sent to an address, newest first. */
  mailTo(address: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): Promise<void>;
}

export const createTestApp = async (
  overrides: Partial<Config> = {},
  options: { now?: () => Date; database?: Database; logStream?: DestinationStream; socketAuthGraceMs?: number } = {},
): Promise<TestApp> => {
  const database = options.database ?? (await openTestDatabase());
  // A test that sets the station's time wrote it for UTC unless it names a zone; the others follow TEST_STATION_ZONE.
  const config = testConfig({ ...(options.now && { stationTimeZone: 'UTC' }), ...overrides });
  await ensureFirstAdmin({ db: database.db, email: config.admin.email, password: config.admin.password });
  const app = await buildApp({ config, database, now: options.now, logStream: options.logStream, socketAuthGraceMs: options.socketAuthGraceMs });
  await app.ready();

  const inject: TestApp['inject'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login = async (email: string, password: string) => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  let adminToken: string | undefined;

  return {
    app,
    database,
    inject,
    login,
    adminToken: async () => (adminToken ??= await login(ADMIN.email, ADMIN.password)),
    signUp: async (overrides = {}) => {
      const body = signUpBody(overrides);
      const res = await inject({ method: 'POST', url: '/api/auth/register', payload: body });
      if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      return { ...res.json(), password: body.password };
    },
    mailTo: (address) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.createdAt)),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
