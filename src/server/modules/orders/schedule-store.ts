/**
 * An order's schedule in the database (issue 42, decision 056): reading it as the API answers it,
 * replacing it whole, and what the order's budget and dates become from it. The orders module owns
 * estimate_schedules and estimate_schedule_lines; this file imports no other orders file.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Schedule } from '../../../domain/schedule-schemas';
import { scheduleWeeks, type SpotLength } from '../../../domain/schedule-lines';
import { scheduleTotals } from '../../../domain/schedule-pricing';
import { toDollars } from '../../../domain/money';
import type { DayName } from '../../../domain/rate-card';
import { estimateScheduleLines, estimateSchedules } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { daypartNames } from '../dayparts/public';
import { programsByIds } from '../programs/public';

type ScheduleRow = typeof estimateSchedules.$inferSelect;
type LineRow = typeof estimateScheduleLines.$inferSelect;

/** A schedule as written: its flight and lines (the daypart null while unmapped). */
export interface ScheduleData {
  weekStartDay: DayName;
  startDate: string;
  endDate: string;
  demos: string[];
  proposalId: string | null;
  proposalVersion: number | null;
  lines: {
    name: string;
    daypartId: string | null;
    unmappedReason: string | null;
    days: DayName[];
    startTime: string;
    endTime: string;
    spotLength: SpotLength;
    rateCents: number;
    spotsPerWeek: number[];
    demoValues: Record<string, number>;
    /** The program the line targets (decision 060). */
    programId: string | null;
  }[];
}

export const readSchedule = async (tx: Tx, estimateId: string): Promise<{ schedule: ScheduleRow; lines: LineRow[] } | null> => {
  const [schedule] = await tx.select().from(estimateSchedules).where(eq(estimateSchedules.estimateId, estimateId)).limit(1);
  if (!schedule) return null;
  const lines = await tx
    .select()
    .from(estimateScheduleLines)
    .where(eq(estimateScheduleLines.estimateId, estimateId))
    .orderBy(asc(estimateScheduleLines.position));
  return { schedule, lines };
};

export const hasSchedule = async (tx: Tx, estimateId: string): Promise<boolean> =>
  (await tx.select({ id: estimateSchedules.id }).from(estimateSchedules).where(eq(estimateSchedules.estimateId, estimateId)).limit(1)).length > 0;

/** Replaces the order's schedule whole; no lines removes it. */
export const writeSchedule = async (tx: Tx, estimateId: string, data: ScheduleData | null) => {
  await tx.delete(estimateScheduleLines).where(eq(estimateScheduleLines.estimateId, estimateId));
  if (!data) {
    await tx.delete(estimateSchedules).where(eq(estimateSchedules.estimateId, estimateId));
    return;
  }
  const values = {
    weekStartDay: data.weekStartDay,
    startDate: data.startDate,
    endDate: data.endDate,
    demos: data.demos,
    proposalId: data.proposalId,
    proposalVersion: data.proposalVersion,
    updatedAt: new Date(),
  };
  await tx
    .insert(estimateSchedules)
    .values({ estimateId, ...values })
    .onConflictDoUpdate({ target: estimateSchedules.estimateId, set: values });
  if (data.lines.length > 0) await tx.insert(estimateScheduleLines).values(data.lines.map((line, position) => ({ estimateId, position, ...line })));
};

/** The stored schedule as written (a revision's snapshot, decision 064). */
export const scheduleDataOf = ({ schedule, lines }: { schedule: ScheduleRow; lines: LineRow[] }): ScheduleData => ({
  weekStartDay: schedule.weekStartDay as DayName,
  startDate: schedule.startDate,
  endDate: schedule.endDate,
  demos: schedule.demos,
  proposalId: schedule.proposalId,
  proposalVersion: schedule.proposalVersion,
  lines: lines.map((l) => ({
    name: l.name,
    daypartId: l.daypartId,
    unmappedReason: l.unmappedReason,
    days: l.days as DayName[],
    startTime: l.startTime,
    endTime: l.endTime,
    spotLength: l.spotLength as SpotLength,
    rateCents: l.rateCents,
    spotsPerWeek: l.spotsPerWeek,
    demoValues: l.demoValues,
    programId: l.programId,
  })),
});

/**
 * Applies an approved revision (decision 064): the flight and lines change in place, line by position, so
 * that the spots on the log keep their line; lines past the new count are removed, new ones added.
 */
export const reviseSchedule = async (tx: Tx, estimateId: string, data: ScheduleData) => {
  await tx
    .update(estimateSchedules)
    .set({ weekStartDay: data.weekStartDay, startDate: data.startDate, endDate: data.endDate, demos: data.demos, updatedAt: new Date() })
    .where(eq(estimateSchedules.estimateId, estimateId));
  await tx.delete(estimateScheduleLines).where(and(eq(estimateScheduleLines.estimateId, estimateId), gte(estimateScheduleLines.position, data.lines.length)));
  for (const [position, line] of data.lines.entries())
    await tx
      .insert(estimateScheduleLines)
      .values({ estimateId, position, ...line })
      .onConflictDoUpdate({ target: [estimateScheduleLines.estimateId, estimateScheduleLines.position], set: { ...line, updatedAt: new Date() } });
};

/** The weeks (start dates) of a schedule's flight. */
export const weeksOf = (schedule: Pick<ScheduleRow, 'startDate' | 'endDate' | 'weekStartDay'>) =>
  scheduleWeeks(schedule.startDate, schedule.endDate, schedule.weekStartDay as DayName);

/** The schedule as the API answers it, with totals per line, per week and in all; null when the order has none. */
export const scheduleDetail = async (tx: Tx, estimateId: string): Promise<Schedule | null> => {
  const stored = await readSchedule(tx, estimateId);
  if (!stored) return null;
  const { schedule, lines } = stored;
  const weeks = weeksOf(schedule);
  const totals = scheduleTotals(lines, weeks.length);
  const names = await daypartNames(
    tx,
    lines.map((l) => l.daypartId),
  );
  const programs = await programsByIds(
    tx,
    lines.map((l) => l.programId),
  );
  return {
    estimate_id: estimateId,
    week_start_day: schedule.weekStartDay,
    start_date: schedule.startDate,
    end_date: schedule.endDate,
    demos: schedule.demos,
    proposal_id: schedule.proposalId,
    proposal_version: schedule.proposalVersion,
    weeks: weeks.map((start, i) => ({ start_date: start, spots: totals.weeks[i]!.spots, gross: toDollars(totals.weeks[i]!.grossCents) })),
    lines: lines.map((l, i) => ({
      id: l.id,
      position: l.position,
      name: l.name,
      daypart_id: l.daypartId,
      daypart_name: l.daypartId ? (names.get(l.daypartId) ?? null) : null,
      unmapped_reason: l.unmappedReason,
      days: l.days,
      start_time: l.startTime,
      end_time: l.endTime,
      spot_length: l.spotLength,
      rate: toDollars(l.rateCents),
      spots_per_week: l.spotsPerWeek,
      demo_values: l.demoValues,
      program_id: l.programId,
      program_name: l.programId ? (programs.get(l.programId)?.name ?? null) : null,
      spots: totals.lines[i]!.spots,
      gross: toDollars(totals.lines[i]!.grossCents),
    })),
    spots: totals.spots,
    gross: toDollars(totals.grossCents),
  };
};

/**
 * What a schedule makes of its order: the budget is its gross, the flight its dates, and the weekly
 * cost its average week (gross ÷ weeks, rounded to the cent); null when the order has no schedule.
 */
export const scheduleQuote = async (tx: Tx, estimateId: string) => {
  const stored = await readSchedule(tx, estimateId);
  if (!stored) return null;
  const weeks = weeksOf(stored.schedule).length;
  const { grossCents } = scheduleTotals(stored.lines, weeks);
  return {
    totalSpendCents: grossCents,
    startDate: stored.schedule.startDate,
    endDate: stored.schedule.endDate,
    weeklyCostCents: weeks > 0 ? Math.round(grossCents / weeks) : 0,
    unmapped: stored.lines.filter((l) => l.daypartId === null).map((l) => l.name || `line ${l.position + 1}`),
    daypartIds: [...new Set(stored.lines.map((l) => l.daypartId).filter((id): id is string => id !== null))],
  };
};

/**
 * The schedule's mapped lines as other modules read them (the audience sums, decision 057; the up-front invoice):
 * each with its daypart, days and times, spot length, rate a spot and spots in each week of the flight. Unmapped lines have no daypart and are left out.
 */
export const scheduleLinesOf = async (
  tx: Tx,
  estimateId: string,
): Promise<
  {
    id: string;
    label: string;
    daypartId: string;
    rateCents: number;
    days: string[];
    startTime: string;
    endTime: string;
    spotLength: number;
    weeks: { start: string; spots: number }[];
  }[]
> => {
  const stored = await readSchedule(tx, estimateId);
  if (!stored) return [];
  const weeks = weeksOf(stored.schedule);
  return stored.lines.flatMap((l) =>
    l.daypartId
      ? [
          {
            id: l.id,
            label: l.name,
            daypartId: l.daypartId,
            rateCents: l.rateCents,
            days: l.days,
            startTime: l.startTime,
            endTime: l.endTime,
            spotLength: l.spotLength,
            weeks: weeks.map((start, i) => ({ start, spots: l.spotsPerWeek[i] ?? 0 })),
          },
        ]
      : [],
  );
};
