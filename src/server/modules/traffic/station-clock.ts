/**
 * The station clock: at start and every minute it starts scheduled orders whose start date has come
 * (order and campaign → active), completes active ones past their end date or with their budget fully
 * delivered (→ completed), and places the traffic log of the coming days. Each change goes through
 * Order Management's own path (same rules, same notifications) and is made under the order's row
 * lock after checking its status again, so a second run, or a run on another instance, changes nothing.
 */
import { z } from 'zod';
import { and, eq, lte, sql } from 'drizzle-orm';
import { stationTime } from '../../../domain/dates';
import { channelClocks } from '../channels/public';
import { isDeliveryComplete } from '../../../domain/campaigns';
import type { OrderStatus } from '../../../domain/orders';
import { campaignStatesView } from '../campaigns/public';
import { ordersView } from '../orders/views';
import type { Db } from '../../platform/db';
import type { JobQueue } from '../../platform/jobs';
import type { Notifier } from '../notifications/notifier';
import type { Staged } from '../notifications';
import { lockOrder } from '../orders/public';
import { setStatusByAdmin } from '../orders/transitions';
import { expireMakegoods } from '../makegoods/service';
import { reofferUnavailableMakegoods } from '../makegoods/reoffer';
import { clockCompletedWarning, placementHorizonDays } from '../../../domain/traffic';
import { buildTrafficLogs, type TrafficSettings } from './build';
import type { StationClock, TickResult } from './station-clock-port';
import { countNotConfirmedSpots, markUnconfirmed } from './unconfirmed';
import { notifySystemMessage } from '../notifications/events';

export type { StationClock, TickResult } from './station-clock-port';

const JOB = 'station.clock';

export const createStationClock = ({
  db,
  jobs,
  notifier,
  now,
  horizonDays,
  asRunGraceHours = 36,
  makegoodExpiryHours = 72,
  settings,
  intervalSeconds,
  log,
}: {
  db: Db;
  jobs: JobQueue;
  notifier: Notifier;
  now: () => Date;
  horizonDays: number;
  /** Hours after a day ends before its unreported spots are unconfirmed (decision 031). */
  asRunGraceHours?: number;
  /** Hours a re-offered makegood stays open. */
  makegoodExpiryHours?: number;
  settings: TrafficSettings;
  /** 0: no timer (tests tick by hand). */
  intervalSeconds: number;
  log: { error: (obj: object, msg: string) => void };
}): StationClock => {
  const moveOrder = async (id: string, from: OrderStatus, to: OrderStatus): Promise<boolean> => {
    const events: Staged[] = [];
    const moved = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || order.status !== from) return false;
      await setStatusByAdmin(tx, order, to, events);
      return true;
    });
    for (const event of events) notifier.deliver(event);
    return moved;
  };

  const moveEach = async (ids: string[], from: OrderStatus, to: OrderStatus) => {
    const moved: string[] = [];
    for (const id of ids) {
      try {
        if (await moveOrder(id, from, to)) moved.push(id);
      } catch (error) {
        // One order that cannot move (e.g. its daypart is now overbooked) must not stop the others.
        log.error({ err: error, estimateId: id, to }, 'station clock could not move an order');
      }
    }
    return moved;
  };

  /** Every admin hears of an order the clock completed with spots no as-run confirmed; Discrepancies lists it. */
  const warnUnconfirmed = async (id: string, instant: Date) => {
    try {
      const count = await countNotConfirmedSpots(db, id, instant);
      if (count === 0) return;
      const [order] = await db.select({ name: ordersView.estimateName }).from(ordersView).where(eq(ordersView.id, id)).limit(1);
      await notifySystemMessage(
        { db, notifier },
        { to: { admins: true }, subType: 'warning', message: clockCompletedWarning(order?.name.trim() || 'Untitled order', count) },
      );
    } catch (error) {
      log.error({ err: error, estimateId: id }, 'station clock could not warn about unconfirmed spots');
    }
  };

  /** Every channel's clock at this instant: each channel's day turns at its own midnight (decision 053, "Time zones"). */
  const clocksAt = (instant: Date) =>
    channelClocks(
      db,
      stationTime(settings.timeZone, () => instant),
    );

  const tick = async (): Promise<TickResult> => {
    const instant = now();
    const clocks = await clocksAt(instant);
    const today = clocks.station.today();
    const todayOf = (channelId: string) => clocks.of(channelId).today();
    const latest = clocks.ids.map(todayOf).reduce((a, b) => (b > a ? b : a), today);
    const due = await db
      .select({ id: ordersView.id, channelId: ordersView.channelId, startDate: ordersView.startDate })
      .from(ordersView)
      .where(and(eq(ordersView.status, 'scheduled'), lte(ordersView.startDate, latest)))
      .orderBy(ordersView.startDate, ordersView.id);
    const started = await moveEach(
      due.filter((r) => r.startDate! <= todayOf(r.channelId)).map((r) => r.id),
      'scheduled',
      'active',
    );
    const running = await db
      .select({
        id: ordersView.id,
        channelId: ordersView.channelId,
        endDate: ordersView.endDate,
        totalBudgetCents: sql<number>`coalesce(${campaignStatesView.totalBudgetCents}, 0)::float8`,
        spendCents: sql<number>`coalesce(${campaignStatesView.spendCents}, 0)::float8`,
        totalSpots: sql<number>`coalesce(${campaignStatesView.totalSpots}, 0)::int`,
        airedSpots: sql<number>`coalesce(${campaignStatesView.airedSpots}, 0)::int`,
      })
      .from(ordersView)
      .leftJoin(campaignStatesView, eq(campaignStatesView.estimateId, ordersView.id))
      .where(eq(ordersView.status, 'active'))
      .orderBy(ordersView.endDate, ordersView.id);
    const ended = running.filter((order) => isDeliveryComplete(order, todayOf(order.channelId)));
    const completed = await moveEach(
      ended.map((r) => r.id),
      'active',
      'completed',
    );
    // The clock completes on schedule, but never silently over spots no as-run confirmed (decision 031).
    for (const id of completed) await warnUnconfirmed(id, instant);
    const expired = await expireMakegoods(db, instant);
    // Offers whose day went to master control or came are offered again on the next free day (decision 031).
    for (const event of await reofferUnavailableMakegoods({ db, clocks, now: instant, expiryHours: makegoodExpiryHours })) notifier.deliver(event);
    const placedDays = await buildTrafficLogs({ db, clocks, days: placementHorizonDays(horizonDays), now: instant, settings });
    const unconfirmedSpots = await markUnconfirmed({ db, now: instant, clocks, graceHours: asRunGraceHours });
    return { today, started, completed, placedDays, expiredMakegoods: expired, unconfirmedSpots };
  };

  let running: Promise<unknown> = Promise.resolve();
  /** Runs of one instance never overlap. */
  const serialized = () => {
    const run = running.then(tick, tick);
    running = run.catch(() => undefined);
    return run;
  };

  jobs.register(JOB, z.object({}), async () => {
    await serialized();
  });
  if (intervalSeconds > 0) jobs.every(JOB, intervalSeconds);

  return {
    tick: serialized,
    placeDay: async (date) => {
      const place = async () => {
        const instant = now();
        await buildTrafficLogs({ db, clocks: await clocksAt(instant), from: date, days: 1, now: instant, settings });
      };
      const run = running.then(place, place);
      running = run.catch(() => undefined);
      await run;
    },
    nudge: () => {
      if (intervalSeconds > 0) void jobs.enqueue(JOB, {}).catch((error: unknown) => log.error({ err: error }, 'station clock nudge failed'));
    },
  };
};
