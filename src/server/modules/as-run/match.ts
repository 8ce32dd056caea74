/**
 * Matching an as-run file's rows to their candidate spots, row by row in the file's order (decision 044):
 * a spot a row settles is settled for the rows after it. No database: what each row did (aired, missed or
 * unmatched), to which spot, what it delivers and spends of its campaign, held as columns by row index.
 */
import { isClosedMissed, matchAsRunRow, offScheduleNote } from '../../../domain/as-run-match';
import { airingOf, lineAiringOf } from '../../../domain/campaigns';
import { toCents } from '../../../domain/money';
import { selectionOf } from '../orders/public';
import type { Candidate, Candidates } from './candidates';
import type { ResolvedRows } from './rows';

/** A row's outcome, by row (ResolvedRows' order); 0: unmatched. */
export const AIRED = 1;
export const MISSED = 2;

export interface Matching {
  outcome: Uint8Array;
  /** The matched spot's status before this row settled it (the audit event's "before", decision 055). */
  previousStatus: (string | null)[];
  spotOf: (Candidate | null)[];
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

export const matchRows = (rows: ResolvedRows, { index, daypartRows, campaignOf, itemOf, lineOf }: Candidates, tolerance: number): Matching => {
  const count = rows.length;
  const m: Matching = {
    outcome: new Uint8Array(count),
    previousStatus: new Array<string | null>(count).fill(null),
    spotOf: new Array<Candidate | null>(count).fill(null),
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
  for (let i = 0; i < count; i += 1) {
    const result = matchAsRunRow({ houseCode: rows.houseCode(i), spotId: rows.spotId(i) }, rows.instants(i), index, tolerance);
    if ('reason' in result) {
      m.reasons.set(i, result.reason);
      continue;
    }
    const spot = result.spot as Candidate;
    m.spotOf[i] = spot;
    m.matched += 1;
    m.firstMatched = Math.min(m.firstMatched, result.at);
    m.lastMatched = Math.max(m.lastMatched, result.at);
    const wasClosed = isClosedMissed(spot);
    m.previousStatus[i] = spot.status;
    m.days.add(spot.airDate);
    spot.missedByClose = false;
    if (rows.status(i) === 'missed') {
      spot.status = 'missed';
      m.outcome[i] = MISSED;
      m.reportedMissed += 1;
      continue;
    }
    spot.status = 'aired';
    m.outcome[i] = AIRED;
    m.airedAt[i] = result.at;
    m.aired += 1;
    const note = [
      rows.discrepancy(i) ? 'Aired with a discrepancy' : null,
      wasClosed ? 'Was closed as missed by an earlier import: now aired, its makegood withdrawn' : null,
      offScheduleNote(spot.scheduledAt, result.at),
    ].filter(Boolean);
    if (note.length > 0) m.notes.set(i, note.join('; '));
    if (wasClosed) m.reopenedIds.push(spot.id);
    const campaign = campaignOf.get(spot.estimateId);
    const item = spot.estimateItemId ? itemOf.get(spot.estimateItemId) : undefined;
    const line = spot.scheduleLineId ? lineOf.get(spot.scheduleLineId) : undefined;
    if (campaign && line) {
      const airing = lineAiringOf(daypartRows.get(spot.daypartId)!.multiplier, line.rateCents, campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      m.impressions[i] = airing.impressions;
      m.spend[i] = airing.spendCents;
      m.delivered[i] = 1;
    } else if (campaign && item) {
      const selection = selectionOf(daypartRows.get(spot.daypartId)!, item);
      const airing = airingOf(selection.multiplier, spot.noCharge ? 0 : toCents(selection.cpm), campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      m.impressions[i] = airing.impressions;
      m.spend[i] = airing.spendCents;
      m.delivered[i] = 1;
    }
  }
  return m;
};
