import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './platform/metrics';
import type { Statistics } from './platform/statistics';
import type { Config } from './config';
import type { StationTime } from '../domain/dates';
import type { Database, Db } from './platform/db';
import type { JobQueue } from './platform/jobs';
import type { Mailer } from './platform/mail';
import type { Realtime } from './platform/realtime';
import type { Storage } from './platform/storage';
import type { SharedCounter } from './platform/rate-limit';
import type { SessionCache } from './modules/auth/session-cache';
import type { ApiKeyCache } from './modules/api-keys/key-cache';
import type { TokenSigner } from './modules/auth/tokens';
import type { Notifier } from './modules/notifications/notifier';
import type { StationClock } from './modules/traffic/station-clock-port';

/** What every feature module may use: built once in app.ts, handed to each module explicitly. */
export interface AppContext {
  config: Config;
  /** The station's time zone and "now" (tests pass their own `now` to buildApp). */
  time: StationTime;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Background work: media processing, mail delivery. */
  jobs: JobQueue;
  tokens: TokenSigner;
  /** Sessions looked up a moment ago (signed-in requests skip their session query). */
  sessionCache: SessionCache;
  /** Fixed-window counters in the shared database: API and sign-in limits (decision 030). */
  rateCounter: SharedCounter;
  /** API keys resolved a moment ago (decision 030); revocation reaches it like the session cache. */
  apiKeyCache: ApiKeyCache;
  realtime: Realtime;
  /** Delivers stored notifications live and by e-mail (after their transaction commits). */
  notifier: Notifier;
  /** Starts and completes campaigns on their dates and places the traffic log. */
  stationClock: StationClock;
  /** Planner statistics of the embedded database (refreshed at start, on a timer and after bulk writes). */
  statistics: Statistics;
  log: FastifyBaseLogger;
  /** Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Media files: the data folder or an S3-compatible bucket (STORAGE_URL). */
  storage: Storage;
}
