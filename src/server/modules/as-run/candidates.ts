/**
 * The spots an as-run file's rows may settle, read once for the whole file before matching (decision 044):
 * the channel's spots of the rows' house codes near their days (a query per 20,000 house code and day
 * pairs, through the traffic log's door), those the rows name by id, each with its daypart's window; then
 * their campaigns (locked), order items and schedule lines, which the airings spend from.
 */
import { inArray } from 'drizzle-orm';
import { isClosedMissed, type SpotCandidate } from '../../../domain/as-run-match';
import { windowOf } from '../../../domain/traffic';
import type { Tx } from '../../platform/db';
import { lockCampaignBudgetsOfOrders } from '../campaigns/public';
import { rateCard, type DaypartRow } from '../dayparts/public';
import { missedSpotsWithAiredMakegood } from '../makegoods/withdraw';
import { scheduleLineTerms } from '../makegoods/offer';
import { orderItemsView } from '../orders/views';
import { asRunSpotsByIds, asRunSpotsNear, type AsRunSpot } from '../traffic/public';
import type { ResolvedRows } from './rows';

export interface Candidate extends SpotCandidate {
  estimateId: string;
  estimateItemId: string | null;
  scheduleLineId: string | null;
  daypartId: string;
  /** An ADU's spot (decision 057): it delivers its impressions but spends nothing of the campaign's budget. */
  noCharge: boolean;
}

export interface CampaignState {
  id: string;
  remainingCents: number;
}

export interface Candidates {
  index: { byId: Map<string, Candidate>; byCode: Map<string, Candidate[]> };
  daypartRows: Map<string, DaypartRow>;
  campaignOf: Map<string, CampaignState>;
  itemOf: Map<string, typeof orderItemsView.$inferSelect>;
  lineOf: Awaited<ReturnType<typeof scheduleLineTerms>>;
}

/** (house code, station day) pairs of the rows, each once, as two columns. */
const pairsOf = (rows: ResolvedRows) => {
  const pairs = new Map<string, Set<string>>();
  for (let i = 0; i < rows.length; i += 1) {
    const code = rows.houseCode(i);
    if (!code) continue;
    let dates = pairs.get(code);
    if (!dates) pairs.set(code, (dates = new Set()));
    dates.add(rows.localDate(i));
  }
  const codes: string[] = [];
  const days: string[] = [];
  for (const [code, dates] of pairs) {
    for (const day of dates) {
      codes.push(code);
      days.push(day);
    }
  }
  return { codes, days };
};

/** Reads the candidates of the rows (of one channel) and what their airings spend from, inside `tx`. */
export const readCandidates = async ({
  tx,
  rows,
  channelId,
  timeZone,
}: {
  tx: Tx;
  rows: ResolvedRows;
  channelId: string;
  timeZone: string;
}): Promise<Candidates> => {
  const daypartRows = new Map((await rateCard(tx)).map((d) => [d.id, d]));
  const windows = new Map<string, { start: number; end: number }>();
  const windowFor = (daypartId: string, airDate: string) => {
    const key = `${daypartId}|${airDate}`;
    let window = windows.get(key);
    if (!window) {
      const { start, end } = windowOf(daypartRows.get(daypartId)!, airDate, timeZone);
      windows.set(key, (window = { start: start.getTime(), end: end.getTime() }));
    }
    return window;
  };
  /** One string per id of an order, item, daypart, house code and day: the candidates share them. */
  const shared = new Map<string, string>();
  const share = (value: string) => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  const byId = new Map<string, Candidate>();
  const byCode = new Map<string, Candidate[]>();
  const add = async (found: AsRunSpot[]) => {
    const closedIds = found.filter((row) => isClosedMissed(row)).map((row) => row.id);
    const makegoodAired = closedIds.length > 0 ? await missedSpotsWithAiredMakegood(tx, closedIds) : new Set<string>();
    for (const row of found) {
      if (byId.has(row.id)) continue;
      const { start, end } = windowFor(row.daypartId, row.airDate);
      const candidate: Candidate = {
        id: row.id,
        estimateId: share(row.estimateId),
        estimateItemId: row.estimateItemId === null ? null : share(row.estimateItemId),
        scheduleLineId: row.scheduleLineId === null ? null : share(row.scheduleLineId),
        daypartId: share(row.daypartId),
        houseCode: share(row.houseCode),
        airDate: share(row.airDate),
        scheduledAt: row.scheduledAt,
        status: row.status,
        missedByClose: row.missedByClose,
        noCharge: row.noCharge,
        windowStart: start,
        windowEnd: end,
        makegoodAired: makegoodAired.has(row.id),
      };
      byId.set(row.id, candidate);
      const list = byCode.get(candidate.houseCode);
      if (list) list.push(candidate);
      else byCode.set(candidate.houseCode, [candidate]);
    }
  };
  // A query per 20,000 (house code, day) pairs: what the driver answers at once stays small.
  const { codes, days } = pairsOf(rows);
  for (let from = 0; from < codes.length; from += 20_000)
    await add(await asRunSpotsNear(tx, channelId, codes.slice(from, from + 20_000), days.slice(from, from + 20_000)));
  await add(await asRunSpotsByIds(tx, channelId, rows.namedSpotIds()));
  shared.clear();

  // The campaigns (locked) and items of the candidate spots, in two queries.
  const estimateIds = new Set<string>();
  const itemIds = new Set<string>();
  for (const spot of byId.values()) {
    estimateIds.add(spot.estimateId);
    if (spot.estimateItemId) itemIds.add(spot.estimateItemId);
  }
  const campaignOf = await lockCampaignBudgetsOfOrders(tx, [...estimateIds]);
  const itemOf = new Map<string, typeof orderItemsView.$inferSelect>();
  if (itemIds.size > 0)
    for (const row of await tx
      .select()
      .from(orderItemsView)
      .where(inArray(orderItemsView.id, [...itemIds])))
      itemOf.set(row.id, row);
  // A schedule line's spot airs at the line's rate per spot (issue 42).
  const lineOf = await scheduleLineTerms(
    tx,
    [...byId.values()].map((spot) => spot.scheduleLineId),
  );
  return { index: { byId, byCode }, daypartRows, campaignOf, itemOf, lineOf };
};
