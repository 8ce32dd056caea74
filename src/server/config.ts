import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../domain/dates';
import { parseStorageUrl, type StorageLocation } from './platform/storage-url';

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  JWT_SECRET: optional,
  APP_URL: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Spotbook <no-reply@spotbook.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  JOBS_ADAPTER: z.enum(['in-process', 'pg-boss']).default('in-process'),
  SPOTBOOK_DEMO: z.enum(['0', '1', 'true', 'false', '']).default(''),
  STATION_TIMEZONE: z
    .string()
    .default('UTC')
    .refine((name) => isTimeZone(name.trim()), 'must be an IANA time zone such as America/New_York'),
  TRAFFIC_HORIZON_DAYS: z.coerce.number().int().min(1).max(120).default(14),
  TRAFFIC_BREAK_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  /** Extra origins (comma-separated) whose pages may open a realtime socket, besides APP_URL. */
  ALLOWED_ORIGINS: optional,
  ASRUN_TOLERANCE_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  ASRUN_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  /** Hours after a broadcast day ends before its spots no as-run reported become unconfirmed (decision 031). */
  ASRUN_GRACE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(36),
  MAKEGOOD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(72),
  STATISTICS_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(15),
  METRICS_TOKEN: z.string().max(500).optional(),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).max(600_000).default(500),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** How often the station clock runs (seconds); tests shorten it. */
  STATION_CLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Media files: unset = DATA_DIR/media; s3://bucket?endpoint=...&region=...&forcePathStyle=true = an S3-compatible store. */
  STORAGE_URL: optional,
  /** Seconds a media processing lease lasts without a heartbeat (an instance that died frees its work after this). */
  MEDIA_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  AWS_REGION: optional,
  /** How long an Idempotency-Key's first answer is replayed (decision 030). */
  IDEMPOTENCY_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Calls a minute per API key, signed-in user or (signed out) address, shared by every instance (decision 030). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** redis://…: the rate limits (API, sign-in, resets) count in this Redis, shared by every instance; unset: in the database. */
  REDIS_URL: optional,
  /** 1: webhook endpoints may be on loopback and private addresses (tests, a receiver on the same host). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Seconds a webhook endpoint has to answer; a delivery's lease lasts four times as long. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  appUrl: string;
  admin: { email: string | undefined; password: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Print each outgoing message to stdout (embedded mail). */
  echoMail: boolean;
  /** Waits before each SMTP retry; a message fails for good after the last one. */
  mailRetryDelaysMs: number[];
  logLevel: string;
  sessionTtlMs: number;
  trustProxy: boolean;
  /** Background jobs: in this process (default) or pg-boss on the PostgreSQL server (several instances). */
  jobsAdapter: 'in-process' | 'pg-boss';
  /** Add the demo advertisers, brands, spots and orders at start (once). */
  demo: boolean;
  /** Folder holding the built web app; absent in API-only use. */
  webDir: string;
  /** The station's IANA time zone: every "today", day boundary and daypart window. */
  stationTimeZone: string;
  /** Days ahead the traffic log is placed (today included). */
  trafficHorizonDays: number;
  /** Minutes between commercial breaks inside a daypart. */
  trafficBreakMinutes: number;
  /** Origins besides APP_URL and the page's own host whose pages may open a realtime socket. */
  allowedOrigins: string[];
  /** Minutes outside its daypart window an as-run airing still matches a spot. */
  asRunToleranceMinutes: number;
  /** The largest as-run file accepted (MB): a larger one answers 413. */
  asRunMaxMb: number;
  /** Hours after a broadcast day ends before its unreported spots become unconfirmed (decision 031). */
  asRunGraceHours: number;
  /** How long an advertiser has to answer a makegood offer. */
  makegoodExpiryHours: number;
  /** How often the embedded database's planner statistics are refreshed (0: only at start-up when set, never in tests). */
  statisticsMinutes: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** Requests slower than this are logged at warn with their route. */
  slowRequestMs: number;
  /** How long a looked-up session is trusted without a query (0: always query); decision 024. */
  sessionCacheSeconds: number;
  /** Seconds between runs of the station clock (start campaigns, complete them, place logs); 0 = only on demand. */
  stationClockSeconds: number;
  /** Where media files live (STORAGE_URL): the data folder (default) or an S3-compatible bucket. */
  storage: StorageLocation;
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY when both are set; otherwise the AWS SDK's own chain. */
  storageCredentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Length of a media processing lease: the work of an instance that died is taken over after it. */
  mediaLeaseSeconds: number;
  /** Hours an Idempotency-Key's first answer is replayed (IDEMPOTENCY_TTL_HOURS, 24). */
  idempotencyTtlHours: number;
  /** Calls a minute per key, user or address (RATE_LIMIT_PER_MINUTE, 600), counted in the shared database. */
  rateLimitPerMinute: number;
  /** REDIS_URL: the rate limits' shared counters live in this Redis rather than the database (decision 030). */
  redisUrl: string | null;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhook endpoints may resolve to loopback or private addresses. */
  webhookAllowPrivate: boolean;
  /** Waits before each webhook retry (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h); tests shorten them. */
  webhookRetryDelaysMs: number[];
  /** How long a webhook endpoint has to answer (WEBHOOK_TIMEOUT_SECONDS, 15 s). */
  webhookTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Keeps a generated signing secret in the data folder so sessions survive restarts. */
const persistedSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/** Parses the environment once; throws ConfigError with a readable message when it is wrong. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  if (e.JOBS_ADAPTER === 'pg-boss' && !e.DATABASE_URL) {
    throw new ConfigError('JOBS_ADAPTER=pg-boss needs DATABASE_URL (a PostgreSQL server)');
  }
  let storage: StorageLocation;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, e.AWS_REGION);
  } catch (error) {
    throw new ConfigError(`Invalid environment variable STORAGE_URL: ${(error as Error).message}`);
  }
  if (storage.kind === 's3' && !e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError("STORAGE_URL=s3://... needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or neither, for the AWS SDK's own credentials chain)");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    appUrl: (e.APP_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    echoMail: true,
    mailRetryDelaysMs: [5_000, 30_000, 120_000, 600_000],
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    trustProxy: e.TRUST_PROXY === 'true',
    jobsAdapter: e.JOBS_ADAPTER,
    demo: e.SPOTBOOK_DEMO === '1' || e.SPOTBOOK_DEMO === 'true',
    webDir: path.resolve('dist/web'),
    stationTimeZone: e.STATION_TIMEZONE.trim(),
    trafficHorizonDays: e.TRAFFIC_HORIZON_DAYS,
    trafficBreakMinutes: e.TRAFFIC_BREAK_MINUTES,
    stationClockSeconds: e.STATION_CLOCK_SECONDS,
    asRunToleranceMinutes: e.ASRUN_TOLERANCE_MINUTES,
    asRunMaxMb: e.ASRUN_MAX_MB,
    asRunGraceHours: e.ASRUN_GRACE_HOURS,
    makegoodExpiryHours: e.MAKEGOOD_EXPIRY_HOURS,
    statisticsMinutes: e.STATISTICS_MINUTES,
    metricsToken: e.METRICS_TOKEN?.trim() || null,
    slowRequestMs: e.SLOW_REQUEST_MS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    storage,
    mediaLeaseSeconds: e.MEDIA_LEASE_SECONDS,
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL?.trim() || null,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1' || e.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookRetryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000],
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    storageCredentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : undefined,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
};
