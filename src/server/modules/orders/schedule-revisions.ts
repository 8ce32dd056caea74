/**
 * Revisions of a submitted or booked order's schedule (issue 42, decision 064). Its owner (or an admin for
 * it) proposes a new schedule; it waits, one at a time, for the desk, which approves it (the schedule, the
 * order's budget and flight change; a booked order's weeks are checked against availability as at booking)
 * or rejects it. Every revision stays in the order's history with its changes, and an approved one with the
 * schedule it replaced.
 */
import { and, desc, eq, max } from 'drizzle-orm';
import type { OrderActor } from '../../../domain/orders';
import { revisedTotals, revisionDetails, type RevisedSchedule } from '../../../domain/schedule-revision-details';
import { REVISABLE_STATUSES, REVISION_MESSAGES, REVISION_NOTICES, type ScheduleRevision } from '../../../domain/schedule-revision-schemas';
import type { ScheduleInput } from '../../../domain/schedule-schemas';
import { fullName } from '../../../domain/users';
import { estimateScheduleRevisions } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { freezeLineAudiences } from '../audience/public';
import { assertOrderNotInvoiced } from '../billing/order-lock';
import { assertCapacityForBooking } from '../dayparts/service';
import { daypartNames } from '../dayparts/public';
import { stageScheduleRevisionNotice, type Staged } from '../notifications';
import { programsByIds } from '../programs/public';
import { userSummaries } from '../users/public';
import { emitEvent } from '../webhooks/outbox';
import { isBooked, lockReadableOrder, readableOrder, recomputeOrder, type OrderRow } from './orders';
import { differencesOf } from './schedule-differences';
import { checkedSchedule } from './schedule-service';
import { readSchedule, reviseSchedule, scheduleDataOf, scheduleLinesOf, type ScheduleData } from './schedule-store';

type RevisionRow = typeof estimateScheduleRevisions.$inferSelect;

/**
 * The revisions as the API answers them: who proposed and decided each, its spots and gross before and after,
 * and its differences field by field and week by week against the schedule it was proposed against (`replaced`,
 * kept since it was proposed; a pending revision stored before that compares with the current schedule).
 */
const present = async (tx: Tx, rows: readonly RevisionRow[], current: ScheduleData | null): Promise<ScheduleRevision[]> => {
  const bases = rows.map((row) => (row.replaced as ScheduleData | null) ?? (row.status === 'pending' ? current : null));
  const schedules = [...rows.map((r) => r.proposed as ScheduleData), ...bases.filter((b): b is ScheduleData => b !== null)];
  const lines = schedules.flatMap((s) => s.lines);
  const names = {
    dayparts: await daypartNames(
      tx,
      lines.map((l) => l.daypartId),
    ),
    programs: new Map(
      [
        ...(
          await programsByIds(
            tx,
            lines.map((l) => l.programId),
          )
        ).values(),
      ].map((p) => [p.id, p.name]),
    ),
  };
  const people = await userSummaries(
    tx,
    rows.flatMap((r) => [r.proposedBy, r.decidedBy]),
  );
  const person = (id: string | null) => {
    const p = id ? people.get(id) : undefined;
    return p ? (fullName(p.firstName, p.lastName) ?? p.email) : null;
  };
  return rows.map((row, i) => {
    const proposed = row.proposed as RevisedSchedule;
    const base = bases[i] as RevisedSchedule | null;
    const totals = revisedTotals(proposed);
    return {
      id: row.id,
      estimate_id: row.estimateId,
      version: row.version,
      status: row.status,
      changes: row.changes,
      spots: totals.spots,
      gross: totals.gross,
      notes: row.notes,
      proposed_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      proposed_by: person(row.proposedBy),
      decided_by: person(row.decidedBy),
      before: base ? revisedTotals(base) : null,
      details: base ? revisionDetails(base, proposed, names) : [],
    };
  });
};

const presentOne = async (tx: Tx, row: RevisionRow) => (await present(tx, [row], null))[0]!;

/**
 * The desk and the order's owner hear of a revision as of an order's status change (decision 064): a
 * notification stored with the change and delivered after it commits (a system message linked to the order),
 * and the webhook event `order.schedule_revision`. A proposal goes to the desk (and to the owner when an admin
 * proposed it for them); a decision to the owner.
 */
const announce = async (tx: Tx, order: OrderRow, row: RevisionRow, events: Staged[], proposedBy?: string) => {
  const { version, status } = row;
  const to = status === 'pending' ? { admins: true, userIds: proposedBy === order.ownerId ? [] : [order.ownerId] } : { userIds: [order.ownerId] };
  const message = REVISION_NOTICES[status === 'pending' ? 'proposed' : status](version, order.estimateName);
  events.push(await stageScheduleRevisionNotice(tx, to, { id: order.id, estimateName: order.estimateName, status: order.status }, message, status));
  await emitEvent(tx, {
    type: 'order.schedule_revision',
    ownerId: order.ownerId,
    data: { order_id: order.id, name: order.estimateName, status: order.status, revision_id: row.id, version, revision_status: status },
  });
};

/** The flight's fields a revision may change besides its lines, named as the API names them. */
const flightChanges = (before: ScheduleData, after: ScheduleData) =>
  (['weekStartDay', 'startDate', 'endDate'] as const)
    .filter((f) => before[f] !== after[f])
    .map((f) => ({ weekStartDay: 'week_start_day', startDate: 'start_date', endDate: 'end_date' })[f]);

/** Whether the order's schedule is revised (submitted or booked) rather than changed directly. */
export const takesRevisions = (status: string) => (REVISABLE_STATUSES as readonly string[]).includes(status);

/**
 * Stores a pending revision of the order's schedule (`before`) to `proposed`: one pending at a time (409), a
 * booked order keeping every line and every line mapped (400 on `lines`), something changed (400). Used by
 * the revisions call and by a Proposal import of a higher version (decision 064).
 */
export const insertRevision = async (tx: Tx, order: OrderRow, before: ScheduleData, proposed: ScheduleData, proposedBy: string, events: Staged[]) => {
  const [pending] = await tx
    .select({ id: estimateScheduleRevisions.id })
    .from(estimateScheduleRevisions)
    .where(and(eq(estimateScheduleRevisions.estimateId, order.id), eq(estimateScheduleRevisions.status, 'pending')))
    .limit(1);
  if (pending) throw conflict(REVISION_MESSAGES.pending);
  // Lines are revised in place by position: a booked order's spots keep their line, so none may go.
  if (proposed.lines.length === 0 || (isBooked(order.status) && proposed.lines.length < before.lines.length))
    throw badRequest(REVISION_MESSAGES.linesKept, 'lines');
  const unmapped = proposed.lines.filter((l) => l.daypartId === null).map((l) => l.name);
  if (unmapped.length > 0) throw badRequest(REVISION_MESSAGES.unmapped(unmapped.join(', ')), 'lines');
  const changes = differencesOf(before.lines, proposed.lines);
  const flight = flightChanges(before, proposed);
  if (changes.length === 0 && flight.length === 0 && JSON.stringify(before.demos) === JSON.stringify(proposed.demos))
    throw badRequest(REVISION_MESSAGES.nothingChanged, 'lines');
  if (flight.length > 0) changes.unshift({ line: 'Flight', change: 'changed', fields: flight });
  const [last] = await tx
    .select({ version: max(estimateScheduleRevisions.version) })
    .from(estimateScheduleRevisions)
    .where(eq(estimateScheduleRevisions.estimateId, order.id));
  const version = (last?.version ?? 0) + 1;
  // `replaced` holds the schedule it is proposed against from the start (shown beside it); approving sets it again.
  const [row] = await tx
    .insert(estimateScheduleRevisions)
    .values({ estimateId: order.id, version, proposed, replaced: before, changes, proposedBy })
    .returning();
  await announce(tx, order, row!, events, proposedBy);
  return { row: row!, changes };
};

/** POST /estimates/:id/schedule/revisions: the owner's (or an admin's) proposal, pending until the desk decides. */
export const proposeRevision = async ({ db, actor, id, input, events }: { db: Db; actor: OrderActor; id: string; input: ScheduleInput; events: Staged[] }) =>
  db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, id);
    if (!takesRevisions(order.status)) throw conflict(REVISION_MESSAGES.notRevisable);
    const stored = await readSchedule(tx, id);
    if (!stored) throw conflict(REVISION_MESSAGES.noSchedule);
    const before = scheduleDataOf(stored);
    const checked = await checkedSchedule(tx, order, input);
    const { row } = await insertRevision(
      tx,
      order,
      before,
      { ...checked, proposalId: before.proposalId, proposalVersion: before.proposalVersion },
      actor.id,
      events,
    );
    return { message: REVISION_MESSAGES.proposed(row.version), revision: await presentOne(tx, row) };
  });

/** GET /estimates/:id/schedule/revisions: the order's revisions, the latest first (its owner or admins). */
export const listRevisions = async ({ db, actor, id }: { db: Db; actor: OrderActor; id: string }) => {
  await readableOrder(db, actor, id);
  const rows = await db
    .select()
    .from(estimateScheduleRevisions)
    .where(eq(estimateScheduleRevisions.estimateId, id))
    .orderBy(desc(estimateScheduleRevisions.version));
  const stored = rows.some((r) => r.status === 'pending' && !r.replaced) ? await readSchedule(db, id) : null;
  return { revisions: await present(db, rows, stored ? scheduleDataOf(stored) : null) };
};

const lockRevision = async (tx: Tx, estimateId: string, revisionId: string) => {
  const [row] = await tx
    .select()
    .from(estimateScheduleRevisions)
    .where(and(eq(estimateScheduleRevisions.id, revisionId), eq(estimateScheduleRevisions.estimateId, estimateId)))
    .for('update');
  if (!row) throw notFound(REVISION_MESSAGES.notFound);
  if (row.status !== 'pending') throw conflict(REVISION_MESSAGES.decided);
  return row;
};

/**
 * PATCH /estimates/:id/schedule/revisions/:revisionId/approve | reject (admins). Approving replaces the
 * schedule (lines in place), recomputes the order's budget, flight and amount owed (the coupon capped at the
 * new gross), and, on a booked order, checks its weeks against availability (409, nothing changed); an order
 * with a live invoice is refused (void it first), as any change of its price is.
 */
export const decideRevision = async ({
  db,
  actor,
  id,
  revisionId,
  approve,
  notes,
  events,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  revisionId: string;
  approve: boolean;
  notes: string | null | undefined;
  events: Staged[];
}) =>
  db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, id);
    const revision = await lockRevision(tx, id, revisionId);
    const decided = { decidedBy: actor.id, decidedAt: new Date(), notes: notes ?? null };
    if (!approve) {
      const [row] = await tx
        .update(estimateScheduleRevisions)
        .set({ status: 'rejected', ...decided })
        .where(eq(estimateScheduleRevisions.id, revision.id))
        .returning();
      await announce(tx, order, row!, events);
      return { message: REVISION_MESSAGES.rejected(revision.version), revision: await presentOne(tx, row!) };
    }
    if (!takesRevisions(order.status)) throw conflict(REVISION_MESSAGES.notRevisable);
    await assertOrderNotInvoiced(tx, order.id);
    const stored = await readSchedule(tx, id);
    if (!stored) throw conflict(REVISION_MESSAGES.noSchedule);
    await reviseSchedule(tx, id, revision.proposed as ScheduleData);
    await recomputeOrder(tx, order);
    if (isBooked(order.status)) {
      await assertCapacityForBooking({ tx, estimateId: id });
      // A booked order's lines keep the audience frozen at booking; the lines the revision adds get theirs now (decision 057).
      await freezeLineAudiences(
        tx,
        id,
        order.channelId,
        (await scheduleLinesOf(tx, id)).map((l) => ({ lineId: l.id, daypartId: l.daypartId })),
      );
    }
    const [row] = await tx
      .update(estimateScheduleRevisions)
      .set({ status: 'approved', replaced: scheduleDataOf(stored), ...decided })
      .where(eq(estimateScheduleRevisions.id, revision.id))
      .returning();
    await announce(tx, order, row!, events);
    return { message: REVISION_MESSAGES.approved(revision.version), revision: await presentOne(tx, row!) };
  });
