/** Channels (issue 41, decision 053): list, add and change them; the default channel is the one the spec's calls act on. */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { CHANNEL_MESSAGES, type Channel, type ChannelInput, type ChannelUpdate } from '../../../domain/channel-schemas';
import { channels } from '../../db/schema';
import { isUniqueViolation, violatedConstraint, type Db, type Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { channelZone } from './public';

type ChannelRow = typeof channels.$inferSelect;

export const toChannel = (row: ChannelRow, stationZone: string): Channel => ({
  id: row.id,
  call_letters: row.callLetters,
  channel_number: row.channelNumber,
  name: row.name,
  market: row.market,
  time_zone: channelZone(row, stationZone),
  own_time_zone: row.timeZone !== null,
  short_name: row.shortName,
  active: row.active,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The default channel first, then by call letters and number. */
export const listChannels = async (db: Tx, stationZone: string): Promise<Channel[]> =>
  (await db.select().from(channels).orderBy(desc(channels.isDefault), asc(channels.callLetters), asc(channels.channelNumber))).map((row) =>
    toChannel(row, stationZone),
  );

const refusedWrite = (error: unknown) => {
  if (!isUniqueViolation(error)) return error;
  const constraint = violatedConstraint(error);
  if (constraint === 'channels_short_name_key') return conflict(CHANNEL_MESSAGES.duplicateShortName);
  return conflict(CHANNEL_MESSAGES.duplicateNumber);
};

/** A limited admin runs some channels but does not add or change them (decision 053). */
const assertEveryChannel = (actor: OrderActor) => {
  if (adminChannels(actor) !== null) throw forbidden(CHANNEL_MESSAGES.limitedAdmin);
};

export const createChannel = async ({
  db,
  actor,
  input,
  stationZone,
}: {
  db: Db;
  actor: OrderActor;
  input: ChannelInput;
  stationZone: string;
}): Promise<Channel> => {
  assertEveryChannel(actor);
  try {
    const [row] = await db
      .insert(channels)
      .values({
        callLetters: input.call_letters,
        channelNumber: input.channel_number,
        name: input.name,
        market: input.market ?? null,
        timeZone: input.time_zone ?? null,
        shortName: input.short_name ?? null,
        active: input.active ?? true,
      })
      .returning();
    return toChannel(row!, stationZone);
  } catch (error) {
    throw refusedWrite(error);
  }
};

export const updateChannel = async ({
  db,
  actor,
  id,
  input,
  stationZone,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  input: ChannelUpdate;
  stationZone: string;
}): Promise<Channel> => {
  assertEveryChannel(actor);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(channels).where(eq(channels.id, id)).for('update').limit(1);
      if (!current) throw notFound(CHANNEL_MESSAGES.notFound);
      const active = input.active ?? current.active;
      if (current.isDefault && !active) throw badRequest(CHANNEL_MESSAGES.defaultInactive, 'active');
      if (input.is_default && !active) throw badRequest(CHANNEL_MESSAGES.defaultOnlyActive, 'is_default');
      if (input.is_default && !current.isDefault) {
        // One default at a time (channels_default_key): the old one gives it up in the same transaction.
        await tx
          .update(channels)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(and(eq(channels.isDefault, true), ne(channels.id, id)));
      }
      const [row] = await tx
        .update(channels)
        .set({
          callLetters: input.call_letters ?? current.callLetters,
          channelNumber: input.channel_number ?? current.channelNumber,
          name: input.name ?? current.name,
          market: input.market === undefined ? current.market : input.market,
          timeZone: input.time_zone === undefined ? current.timeZone : input.time_zone,
          shortName: input.short_name === undefined ? current.shortName : input.short_name,
          active,
          isDefault: current.isDefault || input.is_default === true,
          updatedAt: new Date(),
        })
        .where(eq(channels.id, id))
        .returning();
      return toChannel(row!, stationZone);
    });
  } catch (error) {
    throw refusedWrite(error);
  }
};
