/**
 * `GET/PUT /api/estimates/:id/schedule` (issue 42, decision 056): the owner or an admin reads an order's
 * schedule, and replaces it whole on a draft. Each line names a daypart of the order's channel that
 * holds its days and times; spots per week are one number per week of the flight. The order's budget,
 * start and end date then come from the schedule.
 */
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import { normalizeDemo } from '../../../domain/demos';
import { toCents } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import { MAX_SCHEDULE_WEEKS, daypartHolding, parseBroadcastTime, scheduleWeeks, sortDays } from '../../../domain/schedule-lines';
import { SCHEDULE_MESSAGES, type ScheduleInput, type ScheduleReply } from '../../../domain/schedule-schemas';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { daypartsByIds } from '../dayparts/public';
import { programsByIds } from '../programs/public';
import { PROGRAM_MESSAGES } from '../../../domain/program-schemas';
import { programFitsLine } from '../../../domain/programs';
import { itemsWithDayparts, lockReadableOrder, readableOrder, recomputeOrder, type OrderRow } from './orders';
import { readSchedule, scheduleDetail, writeSchedule, type ScheduleData } from './schedule-store';

export const getOrderSchedule = async ({ db, actor, id }: { db: Db; actor: OrderActor; id: string }): Promise<ScheduleReply> => {
  await readableOrder(db, actor, id);
  return { schedule: await scheduleDetail(db, id) };
};

/** The demo values of a line, keyed by the schedule's demos in their canonical notation. */
const demoValuesOf = (values: Record<string, number> | undefined, demos: readonly string[], at: string) => {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const demo = normalizeDemo(key);
    if (!demo || !demos.includes(demo)) throw badRequest(SCHEDULE_MESSAGES.demoUnknown, `${at}demo_values`);
    out[demo] = value;
  }
  return out;
};

/** The schedule as it will be written, every line checked against the order's channel's rate card. */
export const checkedSchedule = async (tx: Tx, order: OrderRow, input: ScheduleInput): Promise<ScheduleData> => {
  if (input.end_date < input.start_date) throw badRequest(SCHEDULE_MESSAGES.endBeforeStart, 'end_date');
  const weeks = scheduleWeeks(input.start_date, input.end_date, input.week_start_day);
  if (weeks.length > MAX_SCHEDULE_WEEKS) throw badRequest(SCHEDULE_MESSAGES.tooManyWeeks, 'end_date');
  const demos = [...new Set((input.demos ?? []).map((d) => normalizeDemo(d)!))];
  const dayparts = await daypartsByIds(
    tx,
    input.lines.map((l) => l.daypart_id),
  );
  const programs = await programsByIds(
    tx,
    input.lines.map((l) => l.program_id),
  );
  const lines = input.lines.map((line, i) => {
    const at = `lines[${i}].`;
    const daypart = dayparts.get(line.daypart_id);
    if (!daypart) throw badRequest('Daypart not found', `${at}daypart_id`);
    if (daypart.channelId !== order.channelId) throw badRequest(CHANNEL_MESSAGES.daypartOfOtherChannel, `${at}daypart_id`);
    const start = parseBroadcastTime(line.start_time)!;
    const end = parseBroadcastTime(line.end_time)!;
    if (end <= start) throw badRequest(SCHEDULE_MESSAGES.endNotAfterStart, `${at}end_time`);
    const days = sortDays(line.days);
    if (!daypartHolding([daypart], { days, start, end })) throw badRequest(SCHEDULE_MESSAGES.daypartNotHolding, `${at}daypart_id`);
    if (line.spots_per_week.length !== weeks.length) throw badRequest(SCHEDULE_MESSAGES.weeksMismatch(weeks.length), `${at}spots_per_week`);
    const program = line.program_id ? programs.get(line.program_id) : undefined;
    if (line.program_id) {
      if (!program) throw badRequest(PROGRAM_MESSAGES.notFound, `${at}program_id`);
      if (program.channelId !== order.channelId) throw badRequest(PROGRAM_MESSAGES.programOfOtherChannel, `${at}program_id`);
      if (!programFitsLine(program, daypart, days)) throw badRequest(PROGRAM_MESSAGES.programOutsideDaypart, `${at}program_id`);
    }
    return {
      name: line.name ?? '',
      daypartId: daypart.id,
      unmappedReason: null,
      days,
      startTime: line.start_time,
      endTime: line.end_time,
      spotLength: line.spot_length,
      rateCents: toCents(line.rate),
      spotsPerWeek: line.spots_per_week,
      demoValues: demoValuesOf(line.demo_values, demos, at),
      programId: program?.id ?? null,
    };
  });
  return { weekStartDay: input.week_start_day, startDate: input.start_date, endDate: input.end_date, demos, proposalId: null, proposalVersion: null, lines };
};

/** The order locked for a schedule change: a draft the caller may read (404 otherwise), holding no daypart items. */
export const lockDraftForSchedule = async (tx: Tx, actor: OrderActor, id: string): Promise<OrderRow> => {
  const order = await lockReadableOrder(tx, actor, id);
  if (order.status !== 'draft') throw conflict(SCHEDULE_MESSAGES.draftsOnly);
  if ((await itemsWithDayparts(tx, id)).length > 0) throw conflict(SCHEDULE_MESSAGES.hasItems);
  return order;
};

export const putOrderSchedule = async ({ db, actor, id, input }: { db: Db; actor: OrderActor; id: string; input: ScheduleInput }): Promise<ScheduleReply> => {
  await db.transaction(async (tx) => {
    const order = await lockDraftForSchedule(tx, actor, id);
    const data = await checkedSchedule(tx, order, input);
    // Kept across a hand edit: the Proposal it came from, so that a later revision still finds it.
    const stored = await readSchedule(tx, id);
    await writeSchedule(
      tx,
      id,
      data.lines.length === 0 ? null : { ...data, proposalId: stored?.schedule.proposalId ?? null, proposalVersion: stored?.schedule.proposalVersion ?? null },
    );
    await recomputeOrder(tx, order);
  });
  return { schedule: await scheduleDetail(db, id) };
};
