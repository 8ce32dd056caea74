import { startupStep } from './platform/startup-timings';
import { registerChannelScope } from './channel-scope';
import type { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { profileRoutes } from './modules/profile/routes';
import { billingPreviewRoutes } from './modules/billing/preview-routes';
import { billingRoutes } from './modules/billing/routes';
import { billingDeliveryRoutes } from './modules/billing/delivery-routes';
import { createGuards } from './modules/auth/guard';
import { createSessionCache } from './modules/auth/session-cache';
import { createApiKeyCache } from './modules/api-keys/key-cache';
import { apiKeysRoutes } from './modules/api-keys/routes';
import { createWebhookDispatcher } from './modules/webhooks/dispatcher';
import { webhooksRoutes } from './modules/webhooks/routes';
import { createTokenSigner } from './modules/auth/tokens';
import { healthRoutes } from './modules/health/routes';
import { userRoutes } from './modules/users/routes';
import { brandsRoutes } from './modules/brands/routes';
import { campaignsRoutes } from './modules/campaigns/routes';
import { couponsRoutes } from './modules/coupons/routes';
import { channelsRoutes } from './modules/channels/routes';
import { programsRoutes } from './modules/programs/routes';
import { daypartsRoutes } from './modules/dayparts/routes';
import { estimateItemsRoutes } from './modules/orders/items-routes';
import { scheduleRoutes } from './modules/orders/schedule-routes';
import { estimatesRoutes } from './modules/orders/routes';
import { mediaRoutes } from './modules/media/routes';
import { createNotifier, notificationsRoutes } from './modules/notifications';
import { createAppRealtime } from './modules/notifications/realtime-wiring';
import { paymentMethodsRoutes } from './modules/payment-methods/routes';
import { reconciliationRoutes } from './modules/reconciliation/routes';
import { enterAuditScope } from './platform/audit-context';
import type { Database } from './platform/db';
import { registerErrorHandling } from './platform/errors';
import { requestInputTransform } from './platform/openapi-input';
import { registerInputGuard } from './platform/input-guard';
import { registerIdempotency } from './platform/idempotency';
import { apiKeySecurityScheme, webhooksSection, withIdempotencyHeader } from './platform/openapi-machine';
import { createSharedCounter } from './platform/rate-limit';
import { registerApiRateLimit } from './platform/api-rate-limit';
import { registerSecurityHeaders } from './platform/security-headers';
import { loggerOptions } from './platform/logging';
import type { DestinationStream } from 'pino';
import { createInProcessJobs } from './platform/jobs';
import { createMailer } from './platform/mail';
import { registerWebApp } from './platform/web';
import { stationTime } from '../domain/dates';
import { stationRoutes } from './modules/station/routes';
import { createStationClock } from './modules/traffic/station-clock';
import { trafficRoutes } from './modules/traffic/routes';
import { trafficDeskRoutes } from './modules/traffic/desk-routes';
import { asRunRoutes } from './modules/as-run/routes';
import { audienceRoutes } from './modules/audience/routes';
import { makegoodRoutes } from './modules/makegoods/routes';
import { auditRoutes } from './modules/audit/routes';
import { adcpRoutes } from './modules/adcp/routes';
import { adcpDeskRoutes } from './modules/adcp/desk-routes';
import { createStatistics } from './platform/statistics';
import { openStorage } from './platform/storage-open';
import { createMetrics, measuredJobs, registerMetrics } from './platform/metrics';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The source of "now" for the station clock (tests move it); the system clock by default. */
  now?: () => Date;
  /** Where the log goes instead of standard output (tests capture it). */
  logStream?: DestinationStream;
  /** How long a socket may stay unauthenticated (tests shorten the 10 s default). */
  socketAuthGraceMs?: number;
  /** The first runs of the recurring jobs wait for this (main.ts: after listening); at once without it. */
  recurringJobsAfter?: Promise<unknown>;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteAccess[];
    ctx: AppContext;
  }
}

const auditResources = new WeakMap<object, AsyncResource>();
const REQUEST_ID = /^[\w.-]{1,64}$/;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The routes whose writes may change a user or a session (sign-out, passwords, profile, roles,
 * deletion): all of /api/auth and /api/users but signing in and up, which only add sessions. An
 * unmatched route counts, to be safe. Other writes (orders, media, billing...) leave the cache alone.
 */
const mayChangeAnAccount = (route: string | undefined) =>
  route === undefined || ((route.startsWith('/api/auth/') || route.startsWith('/api/users')) && route !== '/api/auth/login' && route !== '/api/auth/register');

/** Builds the whole app from its config and database; it never listens (main.ts and tests do). */
export const buildApp = async ({ config, database, now, logStream, socketAuthGraceMs, recurringJobsAfter }: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    // Long hostile ids must still reach the route (and its 404), not fall through to static files.
    routerOptions: { maxParamLength: 1000 },
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const time = stationTime(config.stationTimeZone, now);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // A keep-alive socket is destroyed only when the client closes it: then no one waits for this reply.
    const socket = request.raw.socket;
    auditResources.set(
      request,
      enterAuditScope(
        request.id,
        () => request.actor,
        done,
        () => socket.destroyed && !reply.sent,
      ),
    );
  });
  // Reading the body leaves the request's async scope (stream events); the handler runs back inside it.
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = auditResources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast and recharts set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Browsers ignore HSTS over plain http; behind TLS a proxy should add it.
    strictTransportSecurity: false,
  });

  registerErrorHandling(app);
  registerInputGuard(app);

  // Many clients send `Content-Type: application/json` on every call, also on a DELETE or a
  // PATCH …/approve without a body: an empty body is no body, not malformed JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  startupStep('app: hooks');
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Spotbook API',
        version: '0.1.0',
        description:
          'Order, approve, schedule, deliver, reconcile and bill TV advertising time. Errors answer `{ "error": "<message>" }`, with `"field"` naming the input a validation error is about (`start_date`, `selectedDayparts[2].user_defined_cpm`).',
      },
      openapi: '3.1.0',
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: apiKeySecurityScheme } },
      // Every signed-in call also takes an API key (decision 030).
      security: [{ bearerAuth: [] }, { apiKey: [] }],
      // The section's objects are plain JSON; the plugin's types want its own OpenAPI typings.
      webhooks: webhooksSection() as never,
    },
    transform: (input) => withIdempotencyHeader(requestInputTransform(input), input.route.method),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  startupStep('app: swagger ui');
  const tokens = createTokenSigner(config.jwtSecret);
  const metrics = createMetrics();
  const jobs = measuredJobs(
    // pg-boss (and its pg driver) is loaded only when configured: the embedded default never needs it.
    config.jobsAdapter === 'pg-boss' && database.url
      ? (await import('./platform/jobs-pgboss')).createPgBossJobs({ connectionString: database.url, log: app.log })
      : createInProcessJobs({ log: app.log, ...(recurringJobsAfter && { recurringAfter: recurringJobsAfter }) }),
    metrics.jobs,
  );
  // ioredis is loaded only when Redis is configured, as pg-boss is (a start without it never needs it).
  const redisCounter = config.redisUrl ? (await import('./platform/rate-limit-redis')).createRedisCounter(config.redisUrl) : null;
  const base = {
    config,
    time,
    database,
    db: database.db,
    jobs,
    mailer: createMailer({
      db: database.db,
      log: app.log,
      jobs,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      echo: config.echoMail,
      retryDelaysMs: config.mailRetryDelaysMs,
    }),
    tokens,
    realtime: await createAppRealtime({
      server: app.server,
      database,
      tokens,
      log: app.log,
      allowedOrigins: [new URL(config.appUrl).origin, ...config.allowedOrigins],
      authGraceMs: socketAuthGraceMs,
    }),
    log: app.log,
    metrics,
    storage: await openStorage(config),
    rateCounter: redisCounter ?? createSharedCounter(database.db),
  };
  startupStep('app: realtime, storage');
  const apiKeyCache = createApiKeyCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  const notifier = createNotifier({ ...base, apiKeyCache });
  const stationClock = createStationClock({
    db: database.db,
    jobs,
    notifier,
    now: time.now,
    horizonDays: config.trafficHorizonDays,
    asRunGraceHours: config.asRunGraceHours,
    makegoodExpiryHours: config.makegoodExpiryHours,
    settings: { breakMinutes: config.trafficBreakMinutes, timeZone: config.stationTimeZone },
    intervalSeconds: config.stationClockSeconds,
    log: app.log,
  });
  const statistics = createStatistics({ database, jobs, minutes: config.statisticsMinutes, log: app.log });
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  base.realtime.onSessionsChanged((target) => {
    sessionCache.forget(target);
    apiKeyCache.forget(target);
  });
  const ctx: AppContext = { ...base, sessionCache, apiKeyCache, notifier, stationClock, statistics };
  // A request that may have changed an account forgets the cached sessions before its reply leaves (session-cache.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ_ONLY_METHODS.has(request.method) && mayChangeAnAccount(request.routeOptions.url)) {
      sessionCache.forget('all');
      apiKeyCache.forget('all');
    }
    done(null, payload);
  });
  // Tests and scripts reach the services the way modules do.
  app.decorate('ctx', ctx);
  const webhookDispatcher = createWebhookDispatcher({
    db: database.db,
    jobs,
    log: app.log,
    allowPrivate: config.webhookAllowPrivate,
    retryDelaysMs: config.webhookRetryDelaysMs,
    timeoutMs: config.webhookTimeoutMs,
  });
  // After the guards (they run onRequest), before every handler: Idempotency-Key (decision 030).
  registerIdempotency(app, { db: database.db, ttlHours: config.idempotencyTtlHours });
  // Per key, user or address, counted in the shared database (decision 030); after the guards, so the caller is known.
  // On the database, one write claims a twentieth of the minute's calls, at most 50 (api-rate-limit.ts); Redis counts each call.
  const leaseSize = redisCounter ? 1 : Math.min(50, Math.floor(config.rateLimitPerMinute / 20));
  await registerApiRateLimit(app, { counter: ctx.rateCounter, perMinute: config.rateLimitPerMinute, leaseSize });
  startupStep('app: services, rate limit');
  const guards = createGuards(ctx);
  // Every route's access level, read from its guard: the permissions test walks this catalogue.
  const routeCatalog: RouteAccess[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    const handlers = [route.onRequest ?? []].flat();
    const access = handlers.includes(guards.adminOnly) ? 'admin' : handlers.includes(guards.signedIn) ? 'user' : 'public';
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeCatalog.push({ method, url: route.url, access });
  });
  // An admin limited to channels: a record of another channel answers 404 (decision 053).
  registerChannelScope(app, ctx.db);

  await app.register(
    async (api) => {
      healthRoutes(api, ctx);
      authRoutes(api, ctx, guards);
      profileRoutes(api, ctx, guards);
      apiKeysRoutes(api, ctx, guards);
      webhooksRoutes(api, ctx, guards, webhookDispatcher);
      userRoutes(api, ctx, guards);
      brandsRoutes(api, ctx, guards);
      channelsRoutes(api, ctx, guards);
      await programsRoutes(api, ctx, guards);
      daypartsRoutes(api, ctx, guards);
      estimatesRoutes(api, ctx, guards);
      estimateItemsRoutes(api, ctx, guards);
      await scheduleRoutes(api, ctx, guards);
      paymentMethodsRoutes(api, ctx, guards);
      couponsRoutes(api, ctx, guards);
      campaignsRoutes(api, ctx, guards);
      billingPreviewRoutes(api, ctx, guards);
      billingRoutes(api, ctx, guards);
      billingDeliveryRoutes(api, ctx, guards);
      notificationsRoutes(api, ctx, guards);
      analyticsRoutes(api, ctx, guards);
      reconciliationRoutes(api, ctx, guards);
      stationRoutes(api, ctx, guards);
      trafficRoutes(api, ctx, guards);
      trafficDeskRoutes(api, ctx, guards);
      await asRunRoutes(api, ctx, guards);
      await audienceRoutes(api, ctx, guards);
      makegoodRoutes(api, ctx, guards);
      adcpDeskRoutes(api, ctx, guards);
      auditRoutes(api, ctx, guards);
      await mediaRoutes(api, ctx, guards);
      // Any other /api path is a JSON 404, never a static file lookup.
      api.all('/*', { schema: { hide: true } }, (request, reply) => {
        reply.code(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} not found` });
      });
    },
    { prefix: '/api' },
  );

  startupStep('app: api routes');
  // The AdCP sales agent (decision 035): /mcp and /.well-known/adagents.json, outside /api.
  adcpRoutes(app, ctx);

  registerMetrics(app, metrics, {
    database,
    sockets: () => ctx.realtime.connectedSockets(),
    jobs,
    token: config.metricsToken,
    slowRequestMs: config.slowRequestMs,
  });
  startupStep('app: adcp, metrics');
  await registerWebApp(app, config.webDir);
  startupStep('app: web app');
  // Sockets first (they would keep the http server open), then sends in flight, then the mail transport.
  app.addHook('preClose', async () => ctx.realtime.close());
  app.addHook('onReady', async () => webhookDispatcher.kick());
  app.addHook('onClose', async () => {
    webhookDispatcher.close();
    await ctx.notifier.close();
    await ctx.jobs.close();
    await ctx.mailer.close();
    await redisCounter?.close();
  });
  return app;
};
