/**
 * A channel's program schedule (issue 44, decision 060): list, add, change, remove and import. Admins
 * only; a limited admin acts on their channels' programs (404 for another's, as for a stranger). Two
 * programs of a channel never air at the same time: a change that would is refused, naming the other.
 */
import { eq, sql } from 'drizzle-orm';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { PROGRAM_MESSAGES, type Program, type ProgramImportReply, type ProgramInput, type ProgramUpdate } from '../../../domain/program-schemas';
import { overlappingProgram, type ProgramWindow } from '../../../domain/programs';
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import { channelPrograms } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { LOCK_IDS } from '../../platform/lock-ids';
import { firstUnknownChannel } from '../channels/public';
import { programsByIds, programsOfChannel, type ProgramRow } from './public';

export const toProgram = (row: ProgramRow): Program => ({
  id: row.id,
  channel_id: row.channelId,
  name: row.name,
  days: row.days,
  start_time: row.startTime,
  end_time: row.endTime,
  start_date: row.startDate,
  end_date: row.endDate,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The channel named in a path, when it exists and is the admin's (else 404, as for a stranger). */
export const channelOfAdmin = async (db: Tx, actor: OrderActor, channelId: string): Promise<string> => {
  const allowed = adminChannels(actor);
  if (allowed !== null && !allowed.includes(channelId)) throw notFound(CHANNEL_MESSAGES.notFound);
  if ((await firstUnknownChannel(db, [channelId])) !== -1) throw notFound(CHANNEL_MESSAGES.notFound);
  return channelId;
};

const lockChannel = (tx: Tx, channelId: string) => tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.channel_programs}::int, hashtext(${channelId}))`);

const windowOf = (input: ProgramInput, id = ''): ProgramWindow => ({
  id,
  name: input.name,
  days: input.days,
  startTime: input.start_time,
  endTime: input.end_time,
  startDate: input.start_date ?? null,
  endDate: input.end_date ?? null,
});

/** 400 naming the program `p` would air at the same time as; `field` where the refusal is shown. */
const assertNoOverlap = (p: ProgramWindow, others: readonly ProgramWindow[], field?: string) => {
  const other = overlappingProgram(p, others);
  if (other) throw badRequest(PROGRAM_MESSAGES.overlap(other.name), field);
};

export const listPrograms = async (db: Tx, actor: OrderActor, channelId: string): Promise<Program[]> =>
  (await programsOfChannel(db, await channelOfAdmin(db, actor, channelId))).map(toProgram);

export const createProgram = async ({ db, actor, channelId, input }: { db: Db; actor: OrderActor; channelId: string; input: ProgramInput }) => {
  await channelOfAdmin(db, actor, channelId);
  return db.transaction(async (tx) => {
    await lockChannel(tx, channelId);
    assertNoOverlap(windowOf(input), await programsOfChannel(tx, channelId), 'start_time');
    const [row] = await tx.insert(channelPrograms).values(rowOf(channelId, input)).returning();
    return toProgram(row!);
  });
};

const rowOf = (channelId: string, input: ProgramInput) => ({
  channelId,
  name: input.name,
  days: input.days,
  startTime: input.start_time,
  endTime: input.end_time,
  startDate: input.start_date ?? null,
  endDate: input.end_date ?? null,
});

/** A program of the admin's channels (404 otherwise: the channel scope answered first for a limited admin). */
const programToChange = async (tx: Tx, actor: OrderActor, id: string): Promise<ProgramRow> => {
  const current = (await programsByIds(tx, [id])).get(id);
  const allowed = adminChannels(actor);
  if (!current || (allowed !== null && !allowed.includes(current.channelId))) throw notFound(PROGRAM_MESSAGES.notFound);
  return current;
};

export const updateProgram = async ({ db, actor, id, input }: { db: Db; actor: OrderActor; id: string; input: ProgramUpdate }) =>
  db.transaction(async (tx) => {
    const found = await programToChange(tx, actor, id);
    await lockChannel(tx, found.channelId);
    const current = (await programsByIds(tx, [id])).get(id);
    if (!current) throw notFound(PROGRAM_MESSAGES.notFound);
    const next: ProgramInput = {
      name: input.name ?? current.name,
      days: (input.days ?? current.days) as ProgramInput['days'],
      start_time: input.start_time ?? current.startTime,
      end_time: input.end_time ?? current.endTime,
      start_date: input.start_date === undefined ? current.startDate : input.start_date,
      end_date: input.end_date === undefined ? current.endDate : input.end_date,
    };
    if (next.start_time === next.end_time) throw badRequest(PROGRAM_MESSAGES.sameTimes, 'end_time');
    if (next.start_date && next.end_date && next.end_date < next.start_date) throw badRequest(PROGRAM_MESSAGES.datesOrder, 'end_date');
    assertNoOverlap(windowOf(next, id), await programsOfChannel(tx, current.channelId), 'start_time');
    const [row] = await tx
      .update(channelPrograms)
      .set({ ...rowOf(current.channelId, next), updatedAt: new Date() })
      .where(eq(channelPrograms.id, id))
      .returning();
    return toProgram(row!);
  });

/** Removes a program; a schedule line that targeted it targets none (the line keeps its daypart). */
export const deleteProgram = async ({ db, actor, id }: { db: Db; actor: OrderActor; id: string }) =>
  db.transaction(async (tx) => {
    await programToChange(tx, actor, id);
    await tx.delete(channelPrograms).where(eq(channelPrograms.id, id));
  });

/**
 * Imports a file's programs (read whole by ./import-file): `add` keeps the channel's programs and adds
 * the file's; `replace` removes the channel's programs first. Programs of the file that overlap each
 * other, or (adding) the channel's, refuse the file whole, naming both. A dry run writes nothing.
 */
export const importPrograms = async ({
  db,
  actor,
  channelId,
  format,
  programs,
  mode,
  dryRun,
}: {
  db: Db;
  actor: OrderActor;
  channelId: string;
  format: 'csv' | 'bxf';
  programs: readonly { input: ProgramInput; where: string }[];
  mode: 'add' | 'replace';
  dryRun: boolean;
}): Promise<ProgramImportReply> => {
  await channelOfAdmin(db, actor, channelId);
  const run = async (tx: Tx) => {
    await lockChannel(tx, channelId);
    const existing = mode === 'replace' ? [] : await programsOfChannel(tx, channelId);
    const seen: ProgramWindow[] = [...existing];
    programs.forEach(({ input, where }, i) => {
      const window = windowOf(input, `file:${i}`);
      const other = overlappingProgram(window, seen);
      if (other) throw badRequest(`${where}: ${PROGRAM_MESSAGES.overlap(other.name)}`, 'file');
      seen.push(window);
    });
    const removed = mode === 'replace' ? (await programsOfChannel(tx, channelId)).length : 0;
    if (!dryRun) {
      if (mode === 'replace') await tx.delete(channelPrograms).where(eq(channelPrograms.channelId, channelId));
      if (programs.length > 0) await tx.insert(channelPrograms).values(programs.map(({ input }) => rowOf(channelId, input)));
    }
    return {
      format,
      mode,
      dry_run: dryRun,
      added: programs.length,
      removed,
      programs: programs.map(({ input }) => ({
        channel_id: channelId,
        name: input.name,
        days: input.days,
        start_time: input.start_time,
        end_time: input.end_time,
        start_date: input.start_date ?? null,
        end_date: input.end_date ?? null,
      })),
    };
  };
  return db.transaction(run);
};
