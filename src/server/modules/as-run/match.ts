/**
 * Matching an as-run file's rows to their candidate spots, row by row in the file's order (decision 044):
 * a spot a row settles is settled for the rows after it. No database: what each row did (aired, missed or
 * unmatched), to which spot, what it delivers and spends of its campaign, held as columns by row index.
 */
import { matchInTable, offScheduleNote } from '../../../domain/as-run-match';
import { airingOf, lineAiringOf } from '../../../domain/campaigns';
import { toCents } from '../../../domain/money';
import { selectionOf } from '../orders/public';
import type { Candidates } from './candidates';
import type { ResolvedRows } from './rows';

/** A row's outcome, by row (ResolvedRows' order); 0: unmatched. */
export const AIRED = 1;
export const MISSED = 2;

export interface Matching {
  outcome: Uint8Array;
  /** The matched spot's status before this row settled it (the audit event's "before", decision 055). */
  previousStatus: (string | null)[];
  /** The matched spot's position in the candidates (Candidates.spots); -1: none. */
  spotOf: Int32Array;
  airedAt: Float64Array;
  impressions: Float64Array;
  spend: Float64Array;
  /** 1: the airing is delivered to a campaign. */
  delivered: Uint8Array;
  /** Unmatched reasons and aired notes, by row (few). */
  reasons: Map<number, string>;
  notes: Map<number, string>;
  /** Spots an earlier import closed as missed that aired after all. */
  reopenedIds: string[];
  days: Set<string>;
  /** The first and last matched instants (epoch ms); the count matched. */
  firstMatched: number;
  lastMatched: number;
  matched: number;
  aired: number;
  reportedMissed: number;
}

export const matchRows = (rows: ResolvedRows, { spots, daypartRows, campaignOf, itemOf, lineOf }: Candidates, tolerance: number): Matching => {
  const count = rows.length;
  const m: Matching = {
    outcome: new Uint8Array(count),
    previousStatus: new Array<string | null>(count).fill(null),
    spotOf: new Int32Array(count).fill(-1),
    airedAt: new Float64Array(count),
    impressions: new Float64Array(count),
    spend: new Float64Array(count),
    delivered: new Uint8Array(count),
    reasons: new Map(),
    notes: new Map(),
    reopenedIds: [],
    days: new Set(),
    firstMatched: Infinity,
    lastMatched: -Infinity,
    matched: 0,
    aired: 0,
    reportedMissed: 0,
  };
  /** An item's CPM (cents) and multiplier in a daypart, once per item and daypart, not per row. */
  const selections = new Map<string, { multiplier: number; cpmCents: number }>();
  const selectionFor = (itemId: string, daypartId: string) => {
    const key = `${itemId}|${daypartId}`;
    let selection = selections.get(key);
    if (!selection) {
      const { multiplier, cpm } = selectionOf(daypartRows.get(daypartId)!, itemOf.get(itemId)!);
      selections.set(key, (selection = { multiplier, cpmCents: toCents(cpm) }));
    }
    return selection;
  };
  for (let i = 0; i < count; i += 1) {
    const result = matchInTable({ houseCode: rows.houseCode(i), spotId: rows.spotId(i) }, rows.instants(i), spots, tolerance);
    if ('reason' in result) {
      m.reasons.set(i, result.reason);
      continue;
    }
    const c = result.spot;
    m.spotOf[i] = c;
    m.matched += 1;
    m.firstMatched = Math.min(m.firstMatched, result.at);
    m.lastMatched = Math.max(m.lastMatched, result.at);
    const wasClosed = spots.isClosedMissed(c);
    m.previousStatus[i] = spots.status(c);
    m.days.add(spots.airDate(c));
    if (rows.status(i) === 'missed') {
      spots.settle(c, 'missed');
      m.outcome[i] = MISSED;
      m.reportedMissed += 1;
      continue;
    }
    spots.settle(c, 'aired');
    m.outcome[i] = AIRED;
    m.airedAt[i] = result.at;
    m.aired += 1;
    const note = [
      rows.discrepancy(i) ? 'Aired with a discrepancy' : null,
      wasClosed ? 'Was closed as missed by an earlier import: now aired, its makegood withdrawn' : null,
      offScheduleNote(spots.scheduledAt(c), result.at),
    ].filter(Boolean);
    if (note.length > 0) m.notes.set(i, note.join('; '));
    if (wasClosed) m.reopenedIds.push(spots.id(c));
    const campaign = campaignOf.get(spots.estimateId(c));
    const itemId = spots.estimateItemId(c);
    const lineId = spots.scheduleLineId(c);
    const item = itemId === null ? undefined : itemOf.get(itemId);
    const line = lineId === null ? undefined : lineOf.get(lineId);
    if (campaign && line) {
      const airing = lineAiringOf(daypartRows.get(spots.daypartId(c))!.multiplier, line.rateCents, campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      m.impressions[i] = airing.impressions;
      m.spend[i] = airing.spendCents;
      m.delivered[i] = 1;
    } else if (campaign && item) {
      const selection = selectionFor(itemId!, spots.daypartId(c));
      const airing = airingOf(selection.multiplier, spots.noCharge(c) ? 0 : selection.cpmCents, campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      m.impressions[i] = airing.impressions;
      m.spend[i] = airing.spendCents;
      m.delivered[i] = 1;
    }
  }
  return m;
};
