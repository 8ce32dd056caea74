/**
 * What the programs module offers the others (decision 060): a channel's program schedule, read once
 * per log or document, and the program each spot aired in (domain/programs `programAt`). This file
 * imports no other module, so that any module may import it.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { programAt, type ProgramWindow } from '../../../domain/programs';
import { channelPrograms } from '../../db/schema';
import type { Tx } from '../../platform/db';

export type ProgramRow = typeof channelPrograms.$inferSelect;

/** A channel's programs, by start time then name. */
export const programsOfChannel = (db: Tx, channelId: string): Promise<ProgramRow[]> =>
  db.select().from(channelPrograms).where(eq(channelPrograms.channelId, channelId)).orderBy(asc(channelPrograms.startTime), asc(channelPrograms.name));

/** Programs by id, in one query. */
export const programsByIds = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, ProgramRow>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(channelPrograms).where(inArray(channelPrograms.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
};

/** The channel of a program (the channel scope of `/programs/:id`), or null when there is none. */
export const channelOfProgram = async (db: Tx, id: string): Promise<string | null> => (await programsByIds(db, [id])).get(id)?.channelId ?? null;

/**
 * A reader of the program airing at an instant on each channel, loading each channel's schedule once:
 * `(channelId, instant) => name | null`. `zoneOf` answers a channel's time zone: its programs run on its own
 * clock (decision 053, "Time zones").
 */
export const programNamer = (db: Tx, zoneOf: (channelId: string) => Promise<string>) => {
  const loaded = new Map<string, Promise<[ProgramWindow[], string]>>();
  const schedule = (channelId: string) => {
    let programs = loaded.get(channelId);
    if (!programs) {
      programs = Promise.all([programsOfChannel(db, channelId), zoneOf(channelId)]);
      loaded.set(channelId, programs);
    }
    return programs;
  };
  return async (channelId: string, instant: Date): Promise<string | null> => {
    const [programs, zone] = await schedule(channelId);
    return programAt(programs, instant, zone)?.name ?? null;
  };
};
