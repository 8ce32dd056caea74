import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema } from '../../../domain/auth';
import { placementHorizonDays } from '../../../domain/traffic';
import { stationClockSchema, stationProfileInputSchema, stationProfileSchema } from '../../../domain/station-schemas';
import type { AppContext } from '../../context';
import type { Guards } from '../auth/guard';
import { getStationProfile, updateStationProfile } from './service';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema };
const tags = { tags: ['station'] };

/** The station: its clock (public: the browser needs the station's "today") and its profile (admins edit it). */
export const stationRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/station/clock', { schema: { ...tags, description: "The station's time zone and today.", response: { 200: stationClockSchema } } }, () => ({
    time_zone: ctx.time.timeZone,
    today: ctx.time.today(),
    now: ctx.time.now().toISOString(),
    traffic_horizon_days: placementHorizonDays(ctx.config.trafficHorizonDays),
    demo: ctx.config.demo,
  }));

  r.get(
    '/station',
    { onRequest: guards.signedIn, schema: { ...tags, security: [{ bearerAuth: [] }], response: { 200: stationProfileSchema, ...errors } } },
    async () => ({ ...(await getStationProfile(ctx.db)), time_zone: ctx.time.timeZone }),
  );

  r.put(
    '/station',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        security: [{ bearerAuth: [] }],
        description: 'Replaces the station profile (admins).',
        body: stationProfileInputSchema,
        response: { 200: stationProfileSchema, ...errors },
      },
      bodyLimit: 512 * 1024,
    },
    async (request) => ({ ...(await updateStationProfile(ctx.db, request.body)), time_zone: ctx.time.timeZone }),
  );
};
