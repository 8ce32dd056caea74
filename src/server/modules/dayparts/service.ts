import { and, asc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { addDays, daysBetween } from '../../../domain/dates';
import type { Availability, Daypart, DaypartInput } from '../../../domain/daypart-schemas';
import { toCents, toDollars } from '../../../domain/money';
import { BOOKED_STATUSES } from '../../../domain/orders';
import { airsOn, bookedOnDay } from '../../../domain/traffic';
import { firstShortfall, lineSpotsByDay, noDaysMessage, shortfallMessage, weeksWithoutDays, type ScheduleFlight } from '../../../domain/schedule-days';
import { scheduleWeeks } from '../../../domain/schedule-lines';
import type { DayName } from '../../../domain/rate-card';
import { dayparts } from '../../db/schema';
import { orderItemsView, orderScheduleLinesView, orderSchedulesView, ordersView } from '../orders/views';
import { isForeignKeyViolation, isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { channelToActOn } from '../channels/public';
import { makegoodHolds } from '../makegoods/public';
import { lockDayparts } from './public';

type DaypartRow = typeof dayparts.$inferSelect;

export const toDaypart = (row: DaypartRow): Daypart => ({
  id: row.id,
  channel_id: row.channelId,
  name: row.name,
  description: row.description,
  start_time: row.startTime,
  end_time: row.endTime,
  days_of_week: row.daysOfWeek,
  base_cpm: toDollars(row.baseCpmCents),
  min_cpm: toDollars(row.minCpmCents),
  multiplier: row.multiplier,
  spot_frequency: row.spotFrequency,
  is_prime_time: row.isPrimeTime,
  rate_15_percent: row.rate15Percent,
  rate_60_percent: row.rate60Percent,
  flat_rate: row.flatRateCents == null ? null : toDollars(row.flatRateCents),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toColumns = (input: Partial<DaypartInput>) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.description !== undefined && { description: input.description ?? null }),
  ...(input.start_time !== undefined && { startTime: input.start_time }),
  ...(input.end_time !== undefined && { endTime: input.end_time }),
  ...(input.days_of_week !== undefined && { daysOfWeek: input.days_of_week }),
  ...(input.base_cpm !== undefined && { baseCpmCents: toCents(input.base_cpm) }),
  ...(input.min_cpm !== undefined && { minCpmCents: toCents(input.min_cpm) }),
  ...(input.multiplier !== undefined && { multiplier: input.multiplier }),
  ...(input.spot_frequency !== undefined && { spotFrequency: input.spot_frequency }),
  ...(input.is_prime_time !== undefined && { isPrimeTime: input.is_prime_time }),
  ...(input.rate_15_percent !== undefined && { rate15Percent: input.rate_15_percent }),
  ...(input.rate_60_percent !== undefined && { rate60Percent: input.rate_60_percent }),
  ...(input.flat_rate !== undefined && { flatRateCents: input.flat_rate == null ? null : toCents(input.flat_rate) }),
});

const NAME_TAKEN = 'A daypart with this name already exists';

/** One channel's rate card (decision 053): the named channel's, else the default channel's. */
export const listDayparts = async ({ db, channelId }: { db: Db; channelId: string | undefined }) => {
  const channel = await channelToActOn(db, channelId);
  return (await db.select().from(dayparts).where(eq(dayparts.channelId, channel.id)).orderBy(asc(dayparts.startTime), asc(dayparts.name))).map(toDaypart);
};

export const getDaypart = async ({ db, id }: { db: Tx; id: string }) => {
  const [row] = await db.select().from(dayparts).where(eq(dayparts.id, id)).limit(1);
  if (!row) throw notFound('Daypart not found');
  return row;
};

export const createDaypart = async ({ db, input }: { db: Db; input: DaypartInput }) => {
  const channel = await channelToActOn(db, input.channel_id);
  try {
    const [row] = await db.transaction((tx) =>
      tx
        .insert(dayparts)
        .values({
          ...toColumns(input),
          channelId: channel.id,
          name: input.name,
          startTime: input.start_time,
          endTime: input.end_time,
          baseCpmCents: toCents(input.base_cpm),
        })
        .returning(),
    );
    return toDaypart(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
    throw error;
  }
};

export const updateDaypart = async ({ db, id, input }: { db: Db; id: string; input: Partial<DaypartInput> }) => {
  const columns = toColumns(input);
  if (Object.keys(columns).length === 0) return toDaypart(await getDaypart({ db, id }));
  try {
    const [row] = await db.transaction((tx) => tx.update(dayparts).set(columns).where(eq(dayparts.id, id)).returning());
    if (!row) throw notFound('Daypart not found');
    return toDaypart(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
    throw error;
  }
};

export const deleteDaypart = async ({ db, id }: { db: Db; id: string }) => {
  try {
    const [row] = await db.transaction((tx) => tx.delete(dayparts).where(eq(dayparts.id, id)).returning({ id: dayparts.id }));
    if (!row) throw notFound('Daypart not found');
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('Cannot delete daypart that is used by orders');
    throw error;
  }
};

// ── availability ──────────────────────────────────────────────────────────────

/** The mapped schedule lines of some orders, with their flight: one query. */
const scheduleLinesWhere = (db: Tx, where: SQL | undefined) =>
  db
    .select({
      estimateId: orderScheduleLinesView.estimateId,
      name: orderScheduleLinesView.name,
      position: orderScheduleLinesView.position,
      daypartId: orderScheduleLinesView.daypartId,
      days: orderScheduleLinesView.days,
      spotsPerWeek: orderScheduleLinesView.spotsPerWeek,
      startDate: orderSchedulesView.startDate,
      endDate: orderSchedulesView.endDate,
      weekStartDay: orderSchedulesView.weekStartDay,
    })
    .from(orderScheduleLinesView)
    .innerJoin(orderSchedulesView, eq(orderSchedulesView.estimateId, orderScheduleLinesView.estimateId))
    .innerJoin(ordersView, eq(ordersView.id, orderScheduleLinesView.estimateId))
    .where(where);

const flightOf = (row: { startDate: string; endDate: string; weekStartDay: string }): ScheduleFlight => ({
  startDate: row.startDate,
  endDate: row.endDate,
  weekStartDay: row.weekStartDay as DayName,
});

/**
 * Spots of booked orders (approved, scheduled, active) and makegood holds per airing day of the range, for
 * each daypart given (three queries whatever their number), optionally leaving one order out. A booked
 * schedule's line counts its spots on the days lineSpotsByDay spreads them to (decision 056).
 */
const bookedSpotsByDay = async (db: Tx, parts: readonly DaypartRow[], start: string, end: string, excludeEstimateId?: string) => {
  const ids = parts.map((d) => d.id);
  if (ids.length === 0) return new Map<string, { date: string; booked: number }[]>();
  const [bookings, holds, lines] = await Promise.all([
    db
      .select({ daypartId: orderItemsView.daypartId, spots: orderItemsView.spotsPerOccurrence, startDate: ordersView.startDate, endDate: ordersView.endDate })
      .from(orderItemsView)
      .innerJoin(ordersView, eq(ordersView.id, orderItemsView.estimateId))
      .where(
        and(
          inArray(orderItemsView.daypartId, ids),
          inArray(ordersView.status, [...BOOKED_STATUSES]),
          lte(ordersView.startDate, end),
          gte(ordersView.endDate, start),
          excludeEstimateId ? ne(ordersView.id, excludeEstimateId) : undefined,
        ),
      ),
    // Makegoods offered or accepted hold one spot of their day each.
    makegoodHolds(db, { from: start, to: end, ...(ids.length === 1 && { daypartId: ids[0] }) }),
    scheduleLinesWhere(
      db,
      and(
        inArray(orderScheduleLinesView.daypartId, ids),
        inArray(ordersView.status, [...BOOKED_STATUSES]),
        lte(orderSchedulesView.startDate, end),
        gte(orderSchedulesView.endDate, start),
        excludeEstimateId ? ne(ordersView.id, excludeEstimateId) : undefined,
      ),
    ),
  ]);
  const scheduled = lines.flatMap((l) =>
    lineSpotsByDay(flightOf(l), l, start, end).map((d) => ({ daypartId: l.daypartId, spots: d.spots, startDate: d.date, endDate: d.date })),
  );
  const byDaypart = new Map<string, { date: string; booked: number }[]>();
  for (const daypart of parts) {
    const flights = [
      ...bookings.filter((b) => b.daypartId === daypart.id).map((b) => ({ spots: b.spots, startDate: b.startDate!, endDate: b.endDate! })),
      ...holds.filter((h) => h.daypartId === daypart.id).map((h) => ({ spots: h.count, startDate: h.airDate, endDate: h.airDate })),
      ...scheduled.filter((d) => d.daypartId === daypart.id),
    ];
    const days: { date: string; booked: number }[] = [];
    // The same count the traffic log places (see bookedOnDay).
    for (let date = start; date <= end; date = addDays(date, 1)) if (airsOn(daypart, date)) days.push({ date, booked: bookedOnDay(daypart, date, flights) });
    byDaypart.set(daypart.id, days);
  }
  return byDaypart;
};

/** Spots still free on each airing day of [start, end], for each daypart given (its spot frequency less what is booked). */
export const freeSpotsByDay = async (db: Tx, parts: readonly DaypartRow[], start: string, end: string): Promise<Map<string, Map<string, number>>> => {
  const booked = await bookedSpotsByDay(db, parts, start, end);
  return new Map(parts.map((d) => [d.id, new Map((booked.get(d.id) ?? []).map((day) => [day.date, Math.max(0, d.spotFrequency - day.booked)]))]));
};

export const daypartAvailability = async ({ db, id, start, end }: { db: Db; id: string; start: string; end: string }): Promise<Availability> => {
  const daypart = await getDaypart({ db, id });
  const days = (await bookedSpotsByDay(db, [daypart], start, end)).get(daypart.id) ?? [];
  const perDay = days.map((d) => ({ date: d.date, booked_spots: d.booked, available_spots: Math.max(0, daypart.spotFrequency - d.booked) }));
  return {
    daypart_id: daypart.id,
    daypart_name: daypart.name,
    start_date: start,
    end_date: end,
    spot_frequency: daypart.spotFrequency,
    available_spots: perDay.length ? Math.min(...perDay.map((d) => d.available_spots)) : daypart.spotFrequency,
    days: perDay,
  };
};

export const rangeLength = (start: string, end: string) => daysBetween(start, end) + 1;

type ScheduleLineRow = Awaited<ReturnType<typeof scheduleLinesWhere>>[number];

/**
 * A schedule's weeks against what its dayparts have free (decision 056): each line's week of spots is spread
 * over its days (lineSpotsByDay); on each day, the schedule's spots in a daypart must fit the spots other
 * booked orders and makegood holds leave free (the daily rule of the spec's items). 409 naming the daypart,
 * the week and the day; 409 too for a week that buys spots but has none of its line's days in the flight.
 */
const assertScheduleCapacity = async (tx: Tx, estimateId: string, lines: readonly ScheduleLineRow[]) => {
  const flight = flightOf(lines[0]!);
  for (const line of lines) {
    const empty = weeksWithoutDays(flight, line)[0];
    if (empty) throw conflict(noDaysMessage(line.name || `Line ${line.position + 1}`, empty));
  }
  const mapped = lines.filter((l): l is ScheduleLineRow & { daypartId: string } => l.daypartId !== null);
  const locked = await lockDayparts(tx, [...new Set(mapped.map((l) => l.daypartId))]);
  const booked = await bookedSpotsByDay(tx, locked, flight.startDate, flight.endDate, estimateId);
  const weeks = scheduleWeeks(flight.startDate, flight.endDate, flight.weekStartDay);
  for (const daypart of locked) {
    const wanted = new Map<string, number>();
    for (const line of mapped.filter((l) => l.daypartId === daypart.id))
      for (const day of lineSpotsByDay(flight, line)) wanted.set(day.date, (wanted.get(day.date) ?? 0) + day.spots);
    const taken = new Map((booked.get(daypart.id) ?? []).map((d) => [d.date, d.booked]));
    const free = (date: string) => (airsOn(daypart, date) ? Math.max(0, daypart.spotFrequency - (taken.get(date) ?? 0)) : 0);
    const shortfall = firstShortfall(weeks, wanted, free);
    if (shortfall) throw conflict(shortfallMessage(daypart.name, shortfall, daypart.spotFrequency));
  }
};

/**
 * Refuses (409) to book an order whose spots do not fit every airing day of its dayparts.
 * Call inside the transaction that books the order: the daypart rows are locked (in id order,
 * so two bookings never deadlock), so racing approvals for the last spots are serialized.
 */
export const assertCapacityForBooking = async ({ tx, estimateId }: { tx: Tx; estimateId: string }) => {
  const [order] = await tx
    .select({ startDate: ordersView.startDate, endDate: ordersView.endDate })
    .from(ordersView)
    .where(eq(ordersView.id, estimateId))
    .limit(1);
  if (!order?.startDate || !order.endDate) throw conflict('The order needs a start date and an end date before it can be booked');
  const items = await tx
    .select({ daypartId: orderItemsView.daypartId, spots: orderItemsView.spotsPerOccurrence })
    .from(orderItemsView)
    .where(eq(orderItemsView.estimateId, estimateId));
  const lines = await scheduleLinesWhere(tx, eq(orderScheduleLinesView.estimateId, estimateId));
  if (lines.length > 0) return assertScheduleCapacity(tx, estimateId, lines);
  if (items.length === 0) return;
  const locked = await lockDayparts(
    tx,
    items.map((i) => i.daypartId),
  );
  const booked = await bookedSpotsByDay(tx, locked, order.startDate, order.endDate, estimateId);
  for (const daypart of locked) {
    const wanted = items.find((i) => i.daypartId === daypart.id)!.spots;
    const days = booked.get(daypart.id) ?? [];
    const full = days.find((d) => d.booked + wanted > daypart.spotFrequency);
    if (full) {
      const left = Math.max(0, daypart.spotFrequency - full.booked);
      throw conflict(`Not enough availability for ${daypart.name} on ${full.date}: ${left} of ${daypart.spotFrequency} spots left, ${wanted} requested`);
    }
  }
};
