/**
 * Keeps the traffic log of the coming days in step with the bookings. A day is placed again only
 * when what it would hold changed (a digest of the placement), and never once it is frozen: it is
 * past, master control has it (exported), or a spot of it has aired. Frozen days follow pauses,
 * resumes and cancellations by status only (future spots cancelled or restored), never by new times;
 * a booking a frozen day lacks is added after the spots already there, marked "added after export"
 * (decision 031), so that no booked spot is dropped without a word.
 */
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import { BOOKED_STATUSES } from '../../../domain/orders';
import { orderLineOf, placeDaypartDay, type DaypartWindow, type PlacedSpot } from '../../../domain/traffic';
import { trafficDays, trafficSpots } from '../../db/schema';
import type { Db } from '../../platform/db';
import { stationRequiresAdId } from '../station/service';
import { stationProductSeparations } from '../station/public';
import { brandProductCategories } from '../brands/public';
import type { SeparationMinutes } from '../../../domain/traffic-separation';
import { loadBookings, loadDayparts, loadMakegoodBookings, loadMoveBookings, type Booking, type ChannelDaypart } from './demands';
import { loadScheduleBookings } from './schedule-demands';
import { addLateSpots, movedAwayFrom, moveClosedSpots } from './late-spots';
import { refreshSeparationConflicts } from './separation';
import type { ChannelClocks } from '../channels/public';

export interface TrafficSettings {
  breakMinutes: number;
  timeZone: string;
  /** Each product category's separation in minutes (decision 059); left out: none. */
  separationMinutes?: SeparationMinutes;
}

/** A spot as written: on its daypart's channel's log (decision 053). */
type ChannelSpot = PlacedSpot & { channelId: string };

/**
 * Every daypart's spots of one broadcast day of one channel (bookings grouped by daypart once, by the
 * caller). Dayparts are placed in the order given (by start time), each kept apart by product
 * separation from the spots of those placed before it: the rule holds over the channel's whole day.
 */
export const placeDay = (
  dayparts: readonly ChannelDaypart[],
  byDaypart: ReadonlyMap<string, readonly Booking[]>,
  date: string,
  settings: TrafficSettings,
): ChannelSpot[] => {
  const placed: ChannelSpot[] = [];
  for (const daypart of dayparts) {
    const spots = placeDaypartDay({
      daypart,
      date,
      demands: (byDaypart.get(daypart.id) ?? []).filter((b) => b.startDate <= date && b.endDate >= date),
      breakMinutes: settings.breakMinutes,
      timeZone: settings.timeZone,
      separation: settings.separationMinutes ? { minutesOf: settings.separationMinutes, placed } : undefined,
    });
    for (const spot of spots) placed.push({ ...spot, channelId: daypart.channelId });
  }
  return placed;
};

const digestOf = (spots: readonly PlacedSpot[]) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        spots.map((s) => [
          orderLineOf(s),
          s.daypartId,
          s.scheduledAt.getTime(),
          s.position,
          s.status,
          s.mediaAssetId,
          s.houseCode,
          s.durationSeconds,
          s.campaignId,
          s.makegoodOfferId,
          s.movedFromDate,
          // Only when set, so that a day without a conflict keeps the digest it had before decision 059.
          ...(s.separationConflictBrandId ? [s.separationConflictBrandId] : []),
          // Likewise an ADU's no-charge mark (decision 057).
          ...(s.noCharge ? ['no-charge'] : []),
        ]),
      ),
    )
    .digest('hex');

const HISTORY = ['aired', 'missed', 'made_good'] as const;

interface DayContext {
  /** The channel whose log this is, and its dayparts. */
  channelId: string;
  dayparts: readonly DaypartWindow[];
  /** The last day of a placed spot's order flight (where a spot of a closed day may still go). */
  flightEnd: (spot: PlacedSpot) => string | undefined;
  /** The digest each day of the range had when the run began (read in one query): an unchanged day opens no transaction. */
  digests: ReadonlyMap<string, string>;
}

/**
 * Places one day when it is open and its placement changed (on a frozen day, adds what it lacks and
 * moves what its closed air time can no longer take); answers whether it wrote and the days that
 * gained a moved spot.
 */
const writeDay = async (
  db: Db,
  date: string,
  today: string,
  spots: readonly ChannelSpot[],
  now: Date,
  context: DayContext,
): Promise<{ wrote: boolean; movedTo: string[] }> => {
  const none = { wrote: false, movedTo: [] };
  if (date < today) return none;
  const digest = digestOf(spots);
  const { channelId } = context;
  // Nothing changed since the run began: no transaction (checked again under the row lock when it did).
  if (context.digests.get(`${channelId}|${date}`) === digest) return none;
  const thisDay = and(eq(trafficDays.channelId, channelId), eq(trafficDays.airDate, date));
  const itsSpots = and(eq(trafficSpots.channelId, channelId), eq(trafficSpots.airDate, date));
  return db.transaction(async (tx) => {
    await tx.insert(trafficDays).values({ channelId, airDate: date, inputsDigest: '' }).onConflictDoNothing();
    // The row lock serializes two instances placing the same day: the second sees the first's digest.
    const [day] = await tx.select().from(trafficDays).where(thisDay).for('update');
    if (!day || day.inputsDigest === digest || date < today) return none;
    // Frozen: exported, a spot of it aired or was settled, or (today) a spot's air time has passed.
    // Held: the traffic desk acted on a spot of the day (decision 058); its decision stands.
    const [history] =
      day.exportedAt || day.heldAt
        ? [true]
        : await tx
            .select({ id: trafficSpots.id })
            .from(trafficSpots)
            .where(and(itsSpots, or(inArray(trafficSpots.status, [...HISTORY]), lte(trafficSpots.scheduledAt, now))))
            .limit(1);
    if (history) {
      const { added, passed } = await addLateSpots(tx, channelId, date, spots, now, await movedAwayFrom(tx, date));
      const movedTo = await moveClosedSpots({ tx, channelId, date, passed, dayparts: context.dayparts, flightEnd: context.flightEnd });
      // Late spots go after their break's spots, not where placement put them: their separation is read where they are.
      if (added > 0) await refreshSeparationConflicts(tx, channelId, date);
      await tx.update(trafficDays).set({ inputsDigest: digest }).where(thisDay);
      return { wrote: added > 0 || passed.length > 0, movedTo };
    }
    await tx.delete(trafficSpots).where(itsSpots);
    // Written at the station's now, the clock "changes since export" compares with (not the database's).
    for (let i = 0; i < spots.length; i += 500) await tx.insert(trafficSpots).values(spots.slice(i, i + 500).map((s) => ({ ...s, updatedAt: now })));
    await tx.update(trafficDays).set({ inputsDigest: digest, builtAt: new Date() }).where(thisDay);
    return { wrote: true, movedTo: [] };
  });
};

/** Every channel's placed days of [from, to] with their digests, keyed "channel|date". */
const placedDigests = async (db: Db, from: string, to: string): Promise<Map<string, string>> =>
  new Map(
    (
      await db
        .select({ channelId: trafficDays.channelId, airDate: trafficDays.airDate, digest: trafficDays.inputsDigest })
        .from(trafficDays)
        .where(and(gte(trafficDays.airDate, from), lte(trafficDays.airDate, to)))
    ).map((d) => [`${d.channelId}|${d.airDate}`, d.digest]),
  );

const byChannel = (dayparts: readonly ChannelDaypart[]) => {
  const groups = new Map<string, ChannelDaypart[]>();
  for (const d of dayparts) groups.set(d.channelId, [...(groups.get(d.channelId) ?? []), d]);
  return groups;
};

const BOOKED = sql.raw(BOOKED_STATUSES.map((s) => `'${s}'`).join(', '));
/** A completed order's accepted makegoods still air (they may fall after the flight). */
const AFTER_FLIGHT = sql.raw(`'completed'`);

/** Future spots of frozen days: cancelled when their order is no longer booked or its campaign is paused, restored when it is again (never one the desk cancelled or moved, decision 058). */
const followStatuses = async (db: Db, today: string, now: Date) => {
  const from = sql`${today}::date`;
  const after = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    update traffic_spots s set status = 'cancelled', updated_at = ${after}
    from orders e left join campaign_states c on c.estimate_id = e.id
    where s.estimate_id = e.id and s.air_date >= ${from} and s.scheduled_at > ${after} and s.status = 'scheduled'
      and (e.status not in (${BOOKED}, ${AFTER_FLIGHT}) or (e.status = ${AFTER_FLIGHT} and s.makegood_offer_id is null) or c.status = 'paused')`);
  await db.execute(sql`
    update traffic_spots s set status = 'scheduled', updated_at = ${after}
    from orders e left join campaign_states c on c.estimate_id = e.id
    where s.estimate_id = e.id and s.air_date >= ${from} and s.scheduled_at > ${after} and s.status = 'cancelled' and s.desk_action is null
      and (e.status in (${BOOKED}) or (e.status = ${AFTER_FLIGHT} and s.makegood_offer_id is not null)) and (c.status is null or c.status <> 'paused')`);
};

/**
 * Places the days [from, from + days) that changed, each channel's in its own time zone (from: the
 * channel's today by default; a later day when an export asks for a day beyond the horizon), then brings
 * frozen days' statuses in step. Answers the days written.
 */
export const buildTrafficLogs = async ({
  db,
  clocks,
  from,
  days,
  now,
  settings,
}: {
  db: Db;
  /** Each channel's clock: its "today" and the zone its breaks are placed in (decision 053, "Time zones"). */
  clocks: ChannelClocks;
  from?: string;
  days: number;
  now: Date;
  settings: Omit<TrafficSettings, 'timeZone'>;
}): Promise<string[]> => {
  const written = new Set<string>();
  const todayOf = (channelId: string) => clocks.of(channelId).today();
  const todays = clocks.ids.map(todayOf);
  const earliest = todays.reduce((a, b) => (b < a ? b : a), clocks.station.today());
  const latest = todays.reduce((a, b) => (b > a ? b : a), clocks.station.today());
  /** The days a channel places in this round: its own [today, today + days) unless a day was asked for. */
  let rangeOf = (channelId: string) => {
    const first = from ?? todayOf(channelId);
    return { from: first, last: addDays(first, days - 1) };
  };
  let range = { from: from ?? earliest, last: addDays(from ?? latest, days - 1) };
  let only: Set<string> | null = null;
  // A spot a closed day cannot take moves to a later day: that day is placed again at once (twice at most).
  for (let round = 0; round < 3 && range.from <= range.last; round += 1) {
    const [dayparts, itemBookings, scheduleBookings, makegoods, moves, requireAdId, separations, digests] = await Promise.all([
      loadDayparts(db),
      loadBookings(db, range.from, range.last),
      loadScheduleBookings(db, range.from, range.last),
      loadMakegoodBookings(db, range.from, range.last),
      loadMoveBookings(db, range.from, range.last),
      stationRequiresAdId(db),
      stationProductSeparations(db),
      placedDigests(db, range.from, range.last),
    ]);
    const bookings = [...itemBookings, ...scheduleBookings];
    const all = [...bookings, ...makegoods, ...moves];
    const categories = await brandProductCategories(
      db,
      all.map((b) => b.brandId),
    );
    const separationMinutes: SeparationMinutes = (category) => separations[category as keyof typeof separations] ?? 0;
    const byDaypart = new Map<string, Booking[]>();
    const flightOf = new Map<string, string>();
    for (const raw of all) {
      const booking: Booking = { ...raw, productCategory: categories.get(raw.brandId) ?? null };
      // The station may require an Ad-ID before a spot is placed (decision 034): such orders wait off the log.
      if (requireAdId && !booking.hasAdId) continue;
      const list = byDaypart.get(booking.daypartId);
      if (list) list.push(booking);
      else byDaypart.set(booking.daypartId, [booking]);
    }
    for (const booking of bookings) flightOf.set(orderLineOf(booking), booking.endDate);
    const flightEnd = (spot: PlacedSpot) => flightOf.get(orderLineOf(spot));
    const movedTo = new Set<string>();
    // Each channel's log is its own (decision 053): placed, digested and frozen apart, at its own midnight.
    for (const [channelId, channelDayparts] of byChannel(dayparts)) {
      const context: DayContext = { channelId, dayparts: channelDayparts, flightEnd, digests };
      const clock = clocks.of(channelId);
      const daySettings: TrafficSettings = { ...settings, timeZone: clock.timeZone, separationMinutes };
      const own = rangeOf(channelId);
      for (let date = own.from; date <= own.last; date = addDays(date, 1)) {
        if (only && !only.has(date)) continue;
        const result = await writeDay(db, date, clock.today(), placeDay(channelDayparts, byDaypart, date, daySettings), now, context);
        if (result.wrote) written.add(date);
        for (const target of result.movedTo) movedTo.add(target);
      }
    }
    if (movedTo.size === 0) break;
    const targets = [...movedTo].sort();
    only = movedTo;
    range = { from: targets[0]!, last: targets[targets.length - 1]! };
    rangeOf = () => range;
  }
  await followStatuses(db, earliest, now);
  return [...written].sort();
};
