/**
 * `POST /api/estimates/import` (issue 42, decision 056): an agency's AAAA Proposal XML becomes one draft
 * order per outlet matched to a channel, each with a schedule; lines are mapped to the channel's daypart
 * that holds their days and times, or kept unmapped with the reason. The same proposal
 * (`uniqueIdentifier`) at a higher version revises the drafts and lists the differences; the same or a
 * lower version is refused (409). The whole file is read before the one transaction that writes.
 */
import { and, eq } from 'drizzle-orm';
import { channelMatcher } from '../../../domain/channel-match';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { ProposalError, readProposal, type Proposal, type ProposalLine } from '../../../domain/proposal-read';
import { isAdmin } from '../../../domain/roles';
import { daypartHolding } from '../../../domain/schedule-lines';
import { IMPORT_MESSAGES, type ProposalImport } from '../../../domain/schedule-schemas';
import { scheduleTotals } from '../../../domain/schedule-pricing';
import { toDollars } from '../../../domain/money';
import { estimateSchedules, estimates } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { brandNamedOrMade } from '../brands/public';
import { channelsToMatch } from '../channels/public';
import { rateCard, type DaypartRow } from '../dayparts/public';
import { userSummary } from '../users/public';
import { emitOrderEvent } from '../webhooks/outbox';
import type { Staged } from '../notifications';
import { lockOrder, recomputeOrder } from './orders';
import { readXmlTree } from './proposal-xml';
import { differencesOf } from './schedule-differences';
import { readSchedule, scheduleDataOf, scheduleDetail, writeSchedule, type ScheduleData } from './schedule-store';
import { insertRevision, takesRevisions } from './schedule-revisions';
import { programsOfChannel, type ProgramRow } from '../programs/public';
import { programFitsLine } from '../../../domain/programs';

const NO_DAYPART = 'No daypart of the channel holds these days and times';

const accountFor = async (db: Db, actor: OrderActor, accountId: string | undefined): Promise<string> => {
  if (!isAdmin(actor.role)) {
    if (accountId !== undefined && accountId !== actor.id) throw forbidden(IMPORT_MESSAGES.onBehalfRefused);
    return actor.id;
  }
  if (accountId === undefined) throw badRequest(IMPORT_MESSAGES.accountRequired, 'account_id');
  const account = await userSummary(db, accountId);
  if (!account || account.role !== 'client') throw badRequest(IMPORT_MESSAGES.accountNotFound, 'account_id');
  return account.id;
};

type Lines = ScheduleData['lines'];

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The channel's program a line names (DayTime/ProgramName), when one has that name and airs within the line's daypart on its days (decision 060). */
const programOfLine = (line: ProposalLine, daypart: DaypartRow | null, programs: readonly ProgramRow[]) => {
  if (!line.programName || !daypart) return null;
  const named = programs.filter((p) => nameKey(p.name) === nameKey(line.programName));
  return named.find((p) => programFitsLine(p, daypart, line.days))?.id ?? null;
};

const mapLines = (lines: readonly ProposalLine[], dayparts: readonly DaypartRow[], programs: readonly ProgramRow[]): Lines =>
  lines.map((line) => {
    const daypart = daypartHolding(dayparts, line);
    return {
      name: line.name.slice(0, 200),
      daypartId: daypart?.id ?? null,
      unmappedReason: daypart ? null : NO_DAYPART,
      days: line.days,
      startTime: line.startTime,
      endTime: line.endTime,
      spotLength: line.spotLength,
      rateCents: line.rateCents,
      spotsPerWeek: line.spotsPerWeek,
      demoValues: line.demoValues,
      programId: programOfLine(line, daypart, programs),
    };
  });

/** The draft made from this proposal for this account and channel, locked; undefined when there is none. */
const orderOfProposal = async (tx: Tx, ownerId: string, channelId: string, proposalId: string) => {
  const [row] = await tx
    .select({ id: estimates.id, version: estimateSchedules.proposalVersion })
    .from(estimateSchedules)
    .innerJoin(estimates, eq(estimates.id, estimateSchedules.estimateId))
    .where(and(eq(estimateSchedules.proposalId, proposalId), eq(estimates.ownerId, ownerId), eq(estimates.channelId, channelId)))
    .limit(1);
  return row ? { order: (await lockOrder(tx, row.id))!, version: row.version ?? 0 } : undefined;
};

export const importProposal = async ({
  db,
  actor,
  accountId,
  xml,
  events,
}: {
  db: Db;
  actor: OrderActor;
  accountId?: string;
  xml: string;
  /** The notifications of the revisions it proposes (decision 064), delivered by the caller after the commit. */
  events: Staged[];
}): Promise<ProposalImport> => {
  // The whole file is read, and every outlet matched, before anything is written.
  let proposal: Proposal;
  try {
    proposal = readProposal(readXmlTree(xml));
  } catch (error) {
    if (error instanceof ProposalError) throw badRequest(`The file is not a Proposal XML Spotbook can read: ${error.message}`, 'file');
    throw error;
  }
  const ownerId = await accountFor(db, actor, accountId);
  const allowed = adminChannels(actor);
  const channels = (await channelsToMatch(db)).filter((c) => c.active && (allowed === null || allowed.includes(c.id)));
  const match = channelMatcher(channels);
  const card = await rateCard(db);
  const skipped = [...proposal.skipped];
  const plans: { outlet: (typeof proposal.outlets)[number]; channelId: string; lines: Lines }[] = [];
  for (const outlet of proposal.outlets) {
    const channelId = outlet.callLetters ? match(outlet.callLetters) : null;
    if (!channelId) {
      skipped.push({ item: `Outlet ${outlet.callLetters || outlet.id}`, reason: 'No active channel has these call letters' });
      continue;
    }
    const lines = proposal.lines.filter((l) => l.outletId === outlet.id);
    const dayparts = card.filter((d) => d.channelId === channelId);
    plans.push({ outlet, channelId, lines: mapLines(lines, dayparts, await programsOfChannel(db, channelId)) });
  }
  if (plans.length === 0) throw badRequest(IMPORT_MESSAGES.noOutlet, 'file');

  const written = await db.transaction(async (tx) => {
    const brandId = await brandNamedOrMade(tx, ownerId, (proposal.product || proposal.advertiser || 'Agency order').slice(0, 200));
    const results: {
      estimateId: string;
      channelId: string;
      callLetters: string;
      action: 'created' | 'revised' | 'revision proposed';
      differences: ProposalImport['orders'][number]['differences'];
    }[] = [];
    for (const plan of plans) {
      const data: ScheduleData = {
        weekStartDay: proposal.weekStartDay,
        startDate: proposal.startDate,
        endDate: proposal.endDate,
        demos: proposal.demos,
        proposalId: proposal.uniqueIdentifier,
        proposalVersion: proposal.version,
        lines: plan.lines,
      };
      const existing = await orderOfProposal(tx, ownerId, plan.channelId, proposal.uniqueIdentifier);
      if (existing) {
        if (proposal.version <= existing.version) throw conflict(IMPORT_MESSAGES.sameVersion(proposal.version, existing.version));
        // A submitted or booked order's revision waits for the desk (decision 064); its schedule stays until approved.
        if (takesRevisions(existing.order.status)) {
          const stored = await readSchedule(tx, existing.order.id);
          if (!stored) throw conflict(IMPORT_MESSAGES.submitted);
          const { changes } = await insertRevision(tx, existing.order, scheduleDataOf(stored), data, actor.id, events);
          results.push({
            estimateId: existing.order.id,
            channelId: plan.channelId,
            callLetters: plan.outlet.callLetters,
            action: 'revision proposed',
            differences: changes,
          });
          continue;
        }
        if (existing.order.status !== 'draft') throw conflict(IMPORT_MESSAGES.submitted);
        const before = (await readSchedule(tx, existing.order.id))?.lines ?? [];
        await writeSchedule(tx, existing.order.id, data);
        await recomputeOrder(tx, existing.order);
        results.push({
          estimateId: existing.order.id,
          channelId: plan.channelId,
          callLetters: plan.outlet.callLetters,
          action: 'revised',
          differences: differencesOf(
            before.map((l) => ({ ...l, days: l.days as Lines[number]['days'], spotLength: l.spotLength as Lines[number]['spotLength'] })),
            plan.lines,
          ),
        });
        continue;
      }
      const estimateName = (proposal.name || `${proposal.advertiser} ${plan.outlet.callLetters}`.trim() || 'Agency order').slice(0, 200);
      const [row] = await tx
        .insert(estimates)
        .values({
          ownerId,
          channelId: plan.channelId,
          brandId,
          estimateName,
          startDate: proposal.startDate,
          agencyEstimateNumber: proposal.uniqueIdentifier.slice(0, 20),
          sourceName: (proposal.buyer || null)?.slice(0, 200) ?? null,
          notes:
            `Imported from AAAA Proposal ${proposal.uniqueIdentifier} version ${proposal.version}${proposal.seller ? ` (seller ${proposal.seller})` : ''}`.slice(
              0,
              2000,
            ),
        })
        .returning();
      await writeSchedule(tx, row!.id, data);
      await recomputeOrder(tx, row!);
      await emitOrderEvent(tx, 'order.created', { id: row!.id, ownerId, estimateName, status: 'draft' }, 'draft');
      results.push({ estimateId: row!.id, channelId: plan.channelId, callLetters: plan.outlet.callLetters, action: 'created', differences: [] });
    }
    return results;
  });

  const orders: ProposalImport['orders'] = [];
  for (const result of written) {
    const schedule = (await scheduleDetail(db, result.estimateId))!;
    orders.push({
      estimate_id: result.estimateId,
      channel_id: result.channelId,
      call_letters: result.callLetters,
      action: result.action,
      schedule,
      unmapped: schedule.lines
        .filter((l) => l.daypart_id === null)
        .map((l) => ({ name: l.name, days: l.days, start_time: l.start_time, end_time: l.end_time, reason: l.unmapped_reason ?? NO_DAYPART })),
      differences: result.differences,
    });
  }
  const all = scheduleTotals(
    orders.flatMap((o) => o.schedule.lines.map((l) => ({ rateCents: Math.round(l.rate * 100), spotsPerWeek: l.spots_per_week }))),
    proposal.weeks.length,
  );
  return {
    proposal: {
      unique_identifier: proposal.uniqueIdentifier,
      version: proposal.version,
      schema_version: proposal.schemaVersion,
      name: proposal.name,
      advertiser: proposal.advertiser,
      product: proposal.product,
      buyer: proposal.buyer,
      seller: proposal.seller,
    },
    orders,
    skipped,
    spots: all.spots,
    gross: toDollars(all.grossCents),
  };
};
