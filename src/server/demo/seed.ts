/**
 * Demo data for a first look (`SPOTBOOK_DEMO=1 npm start` or `npm run seed:demo`). Everything goes
 * through the HTTP API as the web app would send it, so the demo obeys every rule the product has.
 * It runs once: a database that already has the demo advertisers is left as it is.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { addDays, daysBetween } from '../../domain/dates';
import { CAMPAIGN_MESSAGES } from '../../domain/campaign-schemas';
import { campaigns, estimates } from '../db/schema';
import type { AppContext } from '../context';
import { startSession } from '../modules/auth/service';
import { simulateImpression } from '../modules/campaigns/service';
import { listUsers } from '../modules/users/service';
import { mediaTools } from '../platform/media-tools';
import { airPastDays, backdateInvoice, backdateSubmission, submissionDayFor } from './history';
import { DEMO_CLIENTS, DEMO_COUPONS, DEMO_PASSWORD, DEMO_RECIPIENTS, type DemoClient, type DemoOrder } from './demo-data';

type Json = Record<string, unknown>;

const run = promisify(execFile);

/** A short test-pattern spot with a tone, made by ffmpeg. */
const makeDemoSpot = async (): Promise<Buffer> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'spotbook-demo-'));
  try {
    const file = path.join(dir, 'spot.mp4');
    const seconds = 6;
    await run(mediaTools().ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=640x360:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=523:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const multipartBody = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => {
  const boundary = `----spotbookdemo${Date.now().toString(16)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

export type DemoOutcome = { kind: 'seeded'; clients: string[] } | { kind: 'present' };

export const seedDemo = async (app: FastifyInstance, ctx: AppContext): Promise<DemoOutcome> => {
  const { users } = await listUsers({ db: ctx.db });
  if (users.some((u) => u.email === DEMO_CLIENTS[0]!.email)) return { kind: 'present' };
  const admin = users.find((u) => u.role === 'traffic_admin');
  if (!admin) throw new Error('The demo needs an administrator; start Spotbook once first');
  const adminToken = await startSession({ db: ctx.db, tokens: ctx.tokens, userId: admin.id, ttlMs: 3600_000 });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: Json): Promise<Json & Json[]> => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode >= 300) throw new Error(`Demo step ${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  for (const coupon of DEMO_COUPONS) await call('POST', '/api/coupons', adminToken, { ...coupon, valid_from: ctx.time.today() });
  for (const recipient of DEMO_RECIPIENTS) await call('POST', '/api/notifications/settings', adminToken, { ...recipient });
  const dayparts = (await call('GET', '/api/dayparts', adminToken)) as unknown as { id: string; name: string }[];
  const daypartId = (name: string) => {
    const found = dayparts.find((d) => d.name === name);
    if (!found) throw new Error(`The demo needs the daypart ${name}`);
    return found.id;
  };
  const spot = await makeDemoSpot();

  /** Every seeded order with the status it ended in. */
  const booked: { id: string; status: string }[] = [];

  /** A client's account, brand, card and spot; the spot's video check runs while the next client is opened. */
  const openClient = async (client: DemoClient) => {
    const { brand, card, media, orders: _orders, ...account } = client;
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...account, password: DEMO_PASSWORD } });
    if (registered.statusCode !== 201) throw new Error(`Demo sign-up failed: ${registered.body}`);
    const token = registered.json().token as string;
    const brandRow = await call('POST', '/api/brands', token, { ...brand });
    const cardRow = await call('POST', '/api/payment-methods', token, { ...card, brand_id: brandRow.id, is_default: true });
    const mediaId = await uploadSpot(token, String(brandRow.id), media.filename);
    return { client, token, brandId: String(brandRow.id), cardId: String(cardRow.id), mediaId };
  };

  const seedClientOrders = async ({ client, token, brandId, cardId, mediaId }: Awaited<ReturnType<typeof openClient>>) => {
    const { media, orders } = client;
    // Approval of the spot, and of an order, waits for the video check: follow the processing until it completes.
    await checked(mediaId);
    if (media.approve) await call('PUT', `/api/media/${mediaId}`, adminToken, { status: 'approved' });
    for (const order of orders) booked.push({ id: await seedOrder(token, order, { brandId, cardId, mediaId }), status: order.path.at(-1)! });
    // Booking an order approves its spot with it: a recut left pending gives Media Approvals something to review.
    if (!media.approve) await uploadSpot(token, brandId, media.filename.replace(/(\.\w+)$/, ' (recut)$1'));
  };

  const uploadSpot = async (token: string, brandId: string, filename: string): Promise<string> => {
    const body = multipartBody({ brand_id: brandId }, { name: filename, type: filename.endsWith('.mov') ? 'video/quicktime' : 'video/mp4', data: spot });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    });
    if (upload.statusCode >= 300) throw new Error(`Demo upload failed: ${upload.body}`);
    return upload.json().data.uploadId as string;
  };

  const checked = async (mediaId: string) => {
    for (let i = 0; i < 600; i += 1) {
      const asset = (await call('GET', `/api/media/${mediaId}`, adminToken)) as { processing_stage?: string };
      if (asset.processing_stage === 'complete' || asset.processing_stage === 'error') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const seedOrder = async (token: string, order: DemoOrder, refs: { brandId: string; cardId: string; mediaId: string }) => {
    const draft = await call('POST', '/api/estimates', token, {
      estimate_name: order.name,
      brand_id: refs.brandId,
      start_date: addDays(ctx.time.today(), order.startInDays),
      total_spend: order.budget,
    });
    for (const slot of order.slots) {
      await call('POST', `/api/estimate-items/${draft.id}`, token, {
        daypart_id: daypartId(slot.daypart),
        spots_per_occurrence: slot.spots,
        ...(slot.cpm && { user_defined_cpm: slot.cpm }),
      });
    }
    await call('PUT', `/api/estimates/${draft.id}`, token, {
      media_asset_id: refs.mediaId,
      payment_method_id: refs.cardId,
      ...(order.couponCode && { coupon_code: order.couponCode }),
    });
    for (const status of order.path) {
      if (status === 'draft') continue;
      if (status === 'ordered') await call('PUT', `/api/estimates/${draft.id}`, token, { status });
      else
        await call('PUT', `/api/estimates/${draft.id}`, adminToken, {
          status,
          ...(order.notes && ['rejected', 'modified'].includes(status) && { notes: order.notes }),
        });
    }
    return String(draft.id);
  };

  const airDueSpots = async (campaignId: string, most: number) => {
    for (let i = 0; i < most; i += 1) {
      try {
        await simulateImpression({
          db: ctx.db,
          actor: { id: admin.id, role: 'traffic_admin' },
          id: campaignId,
          demo: true,
          now: ctx.time.now(),
          today: ctx.time.today(),
        });
      } catch (error) {
        if ((error as Error).message === CAMPAIGN_MESSAGES.nothingDue) return;
        throw error;
      }
    }
  };

  const flightOf = async (id: string) => {
    const [row] = await ctx.db.select({ startDate: estimates.startDate, endDate: estimates.endDate }).from(estimates).where(eq(estimates.id, id));
    return { start: row!.startDate!, end: row!.endDate! };
  };
  const today = () => ctx.time.today();

  /** Delivery, reconciliation and billing for the booked orders, so that those screens have something to show. */
  const seedOperations = async () => {
    // The past days of running and finished flights aired two spots a day (decision 019).
    for (const order of booked.filter((o) => o.status === 'active' || o.status === 'completed')) {
      const flight = await flightOf(order.id);
      await airPastDays({
        db: ctx.db,
        time: ctx.time,
        estimateId: order.id,
        from: flight.start,
        to: order.status === 'completed' ? flight.end : addDays(today(), -1),
        perDay: 2,
      });
    }
    const campaigns = (await call('GET', '/api/campaigns?status=active', adminToken)) as unknown as { campaign_id: string }[];
    // Today's spots whose time has passed aired too (simulated, decision 031: this is demo data whatever
    // the app's mode); today's later spots and the days after stay scheduled.
    for (const campaign of campaigns) await airDueSpots(campaign.campaign_id, 6);
    // The running order was billed up front on approval and paid in full a few days ago.
    for (const order of booked.filter((o) => o.status === 'active')) {
      const flight = await flightOf(order.id);
      const invoice = await call('POST', `/api/billing/from-estimate/${order.id}`, adminToken, {
        due_days: 30,
        tax_rate: 0.07,
        discount_amount: 0,
        payment_terms: 'Net 30 days',
        notes: null,
      });
      await call('POST', `/api/billing/${invoice.id}/send`, adminToken, {});
      await backdateInvoice(ctx.db, ctx.time, String(invoice.id), submissionDayFor(ctx.time.today(), flight.start, 0), 30);
      await call('POST', `/api/billing/${invoice.id}/payments`, adminToken, {
        amount: Number(invoice.total_amount),
        payment_date: addDays(today(), -3),
        notes: 'Paid by card',
      });
    }
    for (const order of booked.filter((o) => o.status === 'completed')) {
      const [pending] = (
        (await call('GET', '/api/reconciliation/pending?limit=100', adminToken)) as unknown as {
          campaigns: { id: string; projected_spend: number; projected_impressions: number }[];
        }
      ).campaigns.filter((c) => c.id === order.id);
      if (pending) {
        await call('PUT', `/api/reconciliation/reconcile/${order.id}`, adminToken, {
          actual_spend: Math.round(pending.projected_spend * 96) / 100,
          actual_impressions: Math.round(pending.projected_impressions * 1.04),
          notes: 'Two spots pre-empted by breaking news; make-goods ran the following week.',
        });
      }
      const invoice = await call('POST', `/api/billing/from-estimate/${order.id}`, adminToken, {
        due_days: 30,
        tax_rate: 0.07,
        discount_amount: 0,
        payment_terms: 'Net 30 days',
        notes: null,
      });
      await call('POST', `/api/billing/${invoice.id}/send`, adminToken, { custom_message: 'Thank you for advertising with us this season.' });
      const flight = await flightOf(order.id);
      await backdateInvoice(ctx.db, ctx.time, String(invoice.id), submissionDayFor(ctx.time.today(), flight.start, 0), 30);
      const half = Math.round(Number(invoice.total_amount) * 50) / 100;
      await call('POST', `/api/billing/${invoice.id}/payments`, adminToken, {
        amount: half,
        payment_date: addDays(today(), -6),
        notes: 'First half, by bank transfer',
      });
      await call('POST', `/api/billing/${invoice.id}/payments`, adminToken, {
        amount: Math.round(half * 50) / 100,
        payment_date: addDays(today(), -2),
        notes: 'Part of the second half',
      });
    }
  };

  /**
   * Orders can only be booked 7 days ahead, so the demo books them ahead and then moves their flights
   * back, as if booked weeks ago: running ones started 5 days ago, completed ones ended yesterday.
   */
  const backdateFlights = async () => {
    const today = ctx.time.today();
    for (const order of booked) {
      if (order.status !== 'active' && order.status !== 'completed') continue;
      const [row] = await ctx.db.select({ startDate: estimates.startDate, endDate: estimates.endDate }).from(estimates).where(eq(estimates.id, order.id));
      if (!row?.startDate || !row.endDate) continue;
      const shift = order.status === 'active' ? daysBetween(row.startDate, addDays(today, -5)) : daysBetween(row.endDate, addDays(today, -1));
      const moved = { startDate: addDays(row.startDate, shift), endDate: addDays(row.endDate, shift) };
      await ctx.db.update(estimates).set(moved).where(eq(estimates.id, order.id));
      await ctx.db.update(campaigns).set(moved).where(eq(campaigns.estimateId, order.id));
    }
  };

  /**
   * Submissions spread over the past weeks (decision 019), so the trend and the forecast have
   * history: booked orders one a week going back, and always more than the lead time before their
   * flights; the ones still in review over the last days.
   */
  const backdateSubmissions = async () => {
    let pending = 0;
    let weeksBack = 0;
    for (const order of booked) {
      if (order.status === 'draft') continue;
      if (['ordered', 'modified', 'rejected'].includes(order.status)) {
        pending += 1;
        await backdateSubmission(ctx.db, ctx.time, order.id, addDays(ctx.time.today(), -pending));
        continue;
      }
      const flight = await flightOf(order.id);
      // One booked order a week, going back: each week of the trend has one.
      const weekDay = addDays(ctx.time.today(), -7 * weeksBack);
      weeksBack += 1;
      const leadDay = submissionDayFor(ctx.time.today(), flight.start, 1);
      await backdateSubmission(ctx.db, ctx.time, order.id, leadDay < weekDay ? leadDay : weekDay);
    }
  };

  // Every client's spot is uploaded first, so that the video checks (one at a time) run while orders are entered.
  const opened = [];
  for (const client of DEMO_CLIENTS) opened.push(await openClient(client));
  for (const client of opened) await seedClientOrders(client);
  await backdateFlights();
  await backdateSubmissions();
  // A week of traffic logs, then the demo airings air their first spots.
  await ctx.stationClock.tick();
  await seedOperations();
  ctx.statistics.nudge();
  return { kind: 'seeded', clients: DEMO_CLIENTS.map((c) => c.email) };
};
