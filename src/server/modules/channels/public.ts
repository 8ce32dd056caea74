/**
 * What the channels module publishes (decision 053): which channel a call acts on. A call that names no
 * channel acts on the default one; one that names a channel must name an existing, active one.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { CHANNEL_MESSAGES, channelLabel } from '../../../domain/channel-schemas';
import { stationTime, type StationTime } from '../../../domain/dates';
import { channels } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';

export interface ChannelRef {
  id: string;
  callLetters: string | null;
  channelNumber: string;
  name: string;
  /** Null: the station's time zone. */
  timeZone: string | null;
  shortName: string | null;
  isDefault: boolean;
}

const ref = {
  id: channels.id,
  callLetters: channels.callLetters,
  channelNumber: channels.channelNumber,
  name: channels.name,
  timeZone: channels.timeZone,
  shortName: channels.shortName,
  isDefault: channels.isDefault,
};

/**
 * A channel's time zone (decision 053, "Time zones"): its own, else the station's. The one rule: the
 * default channel made by migration 0047 has none of its own, so the specification's days stay the station's.
 */
export const channelZone = (channel: Pick<ChannelRef, 'timeZone'>, stationZone: string): string => channel.timeZone ?? stationZone;

/** The clock of a channel: "today", its dates and wall-clock times, in its own time zone. */
export const channelClock = (time: StationTime, channel: Pick<ChannelRef, 'timeZone'>): StationTime => {
  const zone = channelZone(channel, time.timeZone);
  return zone === time.timeZone ? time : stationTime(zone, time.now);
};

/** Every channel's clock (active or not: a retired channel's past days keep their zone). */
export interface ChannelClocks {
  /** The station's clock (a channel not found keeps it). */
  readonly station: StationTime;
  /** Every channel's id. */
  readonly ids: readonly string[];
  of(channelId: string): StationTime;
}

export const channelClocks = async (db: Tx, time: StationTime): Promise<ChannelClocks> => {
  const rows = await db.select({ id: channels.id, timeZone: channels.timeZone }).from(channels);
  const clocks = new Map(rows.map((row) => [row.id, channelClock(time, row)]));
  return { station: time, ids: rows.map((row) => row.id), of: (channelId) => clocks.get(channelId) ?? time };
};

/** One channel's time zone, by id (a channel not found: the station's). */
export const channelZoneOf = async (db: Tx, channelId: string | null, stationZone: string): Promise<string> => {
  if (channelId === null) return stationZone;
  const [row] = await db.select({ timeZone: channels.timeZone }).from(channels).where(eq(channels.id, channelId)).limit(1);
  return row ? channelZone(row, stationZone) : stationZone;
};

/** One channel's clock, by id (a channel not found: the station's). */
export const channelClockOf = async (db: Tx, time: StationTime, channelId: string | null): Promise<StationTime> => {
  const zone = await channelZoneOf(db, channelId, time.timeZone);
  return zone === time.timeZone ? time : stationTime(zone, time.now);
};

/** A channel in a file name: its short name, else its call letters and number ("WSPT-6.2"). */
export const channelFileTag = (c: Pick<ChannelRef, 'callLetters' | 'channelNumber' | 'shortName'>) =>
  (c.shortName ?? [c.callLetters, c.channelNumber].filter(Boolean).join('-')).replace(/[^A-Za-z0-9._-]+/g, '_');

export const defaultChannel = async (db: Tx): Promise<ChannelRef> => {
  const [row] = await db.select(ref).from(channels).where(eq(channels.isDefault, true)).limit(1);
  if (!row) throw new Error('no default channel: migration 0047 makes one');
  return row;
};

/**
 * The channel a call acts on: the one it names (active, else 400 naming `field`), or the default. An id
 * that names no channel is refused the same way as an inactive one: a 400 on the field, nothing changed.
 */
export const channelToActOn = async (db: Tx, id: string | undefined, field = 'channel_id'): Promise<ChannelRef> => {
  if (id === undefined) return defaultChannel(db);
  const [row] = await db
    .select({ ...ref, active: channels.active })
    .from(channels)
    .where(eq(channels.id, id))
    .limit(1);
  if (!row) throw badRequest(CHANNEL_MESSAGES.notFound, field);
  if (!row.active) throw badRequest(CHANNEL_MESSAGES.inactive, field);
  return row;
};

/**
 * The channel an admin's call acts on (decision 053): as channelToActOn, but a limited admin acts on their
 * channels only. With no channel named, theirs is the default channel when it is one of theirs, else the
 * first of theirs by number; a channel not theirs answers 404, as for a stranger.
 */
export const channelForAdmin = async (db: Tx, actor: OrderActor, id: string | undefined, field = 'channel_id'): Promise<ChannelRef> => {
  const allowed = adminChannels(actor);
  if (allowed === null) return channelToActOn(db, id, field);
  if (id !== undefined) {
    if (!allowed.includes(id)) throw notFound(CHANNEL_MESSAGES.notFound);
    return channelToActOn(db, id, field);
  }
  const [theirs] = await db
    .select(ref)
    .from(channels)
    .where(and(inArray(channels.id, [...allowed]), eq(channels.active, true)))
    .orderBy(desc(channels.isDefault), asc(channels.channelNumber))
    .limit(1);
  if (!theirs) throw notFound(CHANNEL_MESSAGES.notFound);
  return theirs;
};

/**
 * The channels a report or list covers (decision 053): the one `channel_id` names, else a limited admin's
 * channels, else every channel (null). A retired channel's history stays readable; a channel not a limited
 * admin's answers 404, as for a stranger, and no channel at all 400.
 */
export const channelsInScope = async (db: Tx, actor: OrderActor, id: string | undefined): Promise<readonly string[] | null> => {
  const allowed = adminChannels(actor);
  if (id === undefined) return allowed;
  if (allowed !== null && !allowed.includes(id)) throw notFound(CHANNEL_MESSAGES.notFound);
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, id)).limit(1);
  if (!row) throw badRequest(CHANNEL_MESSAGES.notFound, 'channel_id');
  return [row.id];
};

/** The index of the first id that names no channel, or -1 when every one does. */
export const firstUnknownChannel = async (db: Tx, ids: readonly string[]): Promise<number> => {
  if (ids.length === 0) return -1;
  const found = new Set(
    (
      await db
        .select({ id: channels.id })
        .from(channels)
        .where(inArray(channels.id, [...ids]))
    ).map((r) => r.id),
  );
  return ids.findIndex((id) => !found.has(id));
};

/**
 * The channel a document names (decision 053): `label` under the letterhead ("WSPT 6.2 · MeTV"), `station`
 * where a record names the station (the 4A's EI record 22: "WSPT 6.2"). Null while the station has one
 * channel, whose documents stay the specification's.
 */
export const documentChannel = async (db: Tx, channelId: string): Promise<{ label: string; station: string } | null> => {
  const rows = await db.select({ id: channels.id }).from(channels).limit(2);
  if (rows.length < 2) return null;
  const [channel] = await db.select(ref).from(channels).where(eq(channels.id, channelId)).limit(1);
  if (!channel) return null;
  const station = channelLabel({ call_letters: channel.callLetters, channel_number: channel.channelNumber });
  return { label: `${station} · ${channel.name}`, station };
};

/** Every channel, active or not, as a file may name it (an as-run of a channel since retired still settles). */
export const channelsToMatch = async (db: Tx) =>
  db
    .select({
      id: channels.id,
      channelNumber: channels.channelNumber,
      shortName: channels.shortName,
      name: channels.name,
      callLetters: channels.callLetters,
      timeZone: channels.timeZone,
      isDefault: channels.isDefault,
      active: channels.active,
    })
    .from(channels);
