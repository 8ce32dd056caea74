/**
 * The spots an as-run file's rows may settle, read once for the whole file before matching (decision 044):
 * the channel's spots of the rows' house codes near their days (ranges of days per house code, a query
 * per 20,000 days of them, through the traffic log's door), those the rows name by id, each with its
 * daypart's window; then their campaigns (locked), order items and schedule lines, which the airings spend from.
 *
 * A file's candidates are held as columns by position (CandidateSpots), not as an object each: a
 * 100,000-line file has 100,000 of them, kept for the whole import (issue 45, decision 062).
 */
import { isClosedMissed, type CandidateTable } from '../../../domain/as-run-match';
import { nearDayRanges, type DayRanges } from '../../../domain/as-run-near-days';
import { windowOf } from '../../../domain/traffic';
import type { Tx } from '../../platform/db';
import { lockCampaignBudgetsOfOrders } from '../campaigns/public';
import { rateCard, type DaypartRow } from '../dayparts/public';
import { missedSpotsWithAiredMakegood } from '../makegoods/withdraw';
import { scheduleLineTerms } from '../makegoods/offer';
import { pricedItems, type PricedItem } from '../orders/public';
import { asRunSpotsByIds, asRunSpotsInRanges, type AsRunSpots, type AsRunSpotStatus } from '../traffic/public';
import type { ResolvedRows } from './rows';

export interface CampaignState {
  id: string;
  remainingCents: number;
}

const STATUSES: AsRunSpotStatus[] = ['scheduled', 'aired', 'missed', 'made_good', 'cancelled', 'unconfirmed'];
const MISSED_BY_CLOSE = 1;
const NO_CHARGE = 2;
const MAKEGOOD_AIRED = 4;
const NONE = -1;

/**
 * The candidate spots as columns by position (0 … length − 1). The ids of orders, items, schedule lines and
 * dayparts are kept once each (`names`), the house codes and days once each; a spot's status and flags
 * change as the file's rows settle it (a spot a row settles is settled for the rows after it).
 */
export class CandidateSpots implements CandidateTable {
  length = 0;
  private ids: string[] = [];
  private codes: string[] = [];
  private days: string[] = [];
  private scheduled: number[] = [];
  private pages: number[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  /** Positions in `names` (NONE: null). */
  private orders: number[] = [];
  private items: number[] = [];
  private lines: number[] = [];
  private dayparts: number[] = [];
  private statuses: number[] = [];
  private flags: number[] = [];
  private names: string[] = [];
  private nameAt = new Map<string, number>();
  private text = new Map<string, string>();
  private byCode = new Map<string, number[]>();
  private byId = new Map<string, number>();
  private seen = new Set<string>();

  /** `named`: the spot ids the rows name; only those are found by id. */
  constructor(private readonly named: ReadonlySet<string>) {}

  private name(value: string | null) {
    if (value === null) return NONE;
    let at = this.nameAt.get(value);
    if (at === undefined) {
      this.nameAt.set(value, (at = this.names.length));
      this.names.push(value);
    }
    return at;
  }

  private shared(value: string) {
    const known = this.text.get(value);
    if (known !== undefined) return known;
    this.text.set(value, value);
    return value;
  }

  has(id: string) {
    return this.seen.has(id);
  }

  /** Adds spot `i` of what the door answered. */
  add(spots: AsRunSpots, i: number, window: { start: number; end: number }, makegoodAired: boolean) {
    const c = this.length;
    const id = spots.id[i]!;
    this.ids.push(id);
    this.seen.add(id);
    const code = this.shared(spots.houseCode[i]!);
    this.codes.push(code);
    this.days.push(this.shared(spots.airDate[i]!));
    this.scheduled.push(spots.scheduledAt[i]!);
    this.pages.push(spots.page[i]!);
    this.starts.push(window.start);
    this.ends.push(window.end);
    this.orders.push(this.name(spots.estimateId[i]!));
    this.items.push(this.name(spots.estimateItemId[i] ?? null));
    this.lines.push(this.name(spots.scheduleLineId[i] ?? null));
    this.dayparts.push(this.name(spots.daypartId[i]!));
    this.statuses.push(STATUSES.indexOf(spots.status[i]!));
    this.flags.push((spots.missedByClose[i] ? MISSED_BY_CLOSE : 0) | (spots.noCharge[i] ? NO_CHARGE : 0) | (makegoodAired ? MAKEGOOD_AIRED : 0));
    const list = this.byCode.get(code);
    if (list) list.push(c);
    else this.byCode.set(code, [c]);
    if (this.named.has(id)) this.byId.set(id, c);
    this.length += 1;
  }

  /** Reading is done: what only reading needed goes. */
  done() {
    this.nameAt.clear();
    this.text.clear();
    this.seen.clear();
  }

  ofCode(houseCode: string) {
    return this.byCode.get(houseCode);
  }
  ofId(id: string) {
    return this.byId.get(id);
  }
  id(c: number) {
    return this.ids[c]!;
  }
  houseCode(c: number) {
    return this.codes[c]!;
  }
  airDate(c: number) {
    return this.days[c]!;
  }
  scheduledAt(c: number) {
    return this.scheduled[c]!;
  }
  /** Where the spot is stored (AsRunSpots.page): the order the import settles them in. */
  page(c: number) {
    return this.pages[c]!;
  }
  windowStart(c: number) {
    return this.starts[c]!;
  }
  windowEnd(c: number) {
    return this.ends[c]!;
  }
  status(c: number): AsRunSpotStatus {
    return STATUSES[this.statuses[c]!]!;
  }
  missedByClose(c: number) {
    return (this.flags[c]! & MISSED_BY_CLOSE) !== 0;
  }
  makegoodAired(c: number) {
    return (this.flags[c]! & MAKEGOOD_AIRED) !== 0;
  }
  /** An ADU's spot (decision 057): it delivers its impressions but spends nothing of the campaign's budget. */
  noCharge(c: number) {
    return (this.flags[c]! & NO_CHARGE) !== 0;
  }
  estimateId(c: number) {
    return this.names[this.orders[c]!]!;
  }
  estimateItemId(c: number) {
    const at = this.items[c]!;
    return at === NONE ? null : this.names[at]!;
  }
  scheduleLineId(c: number) {
    const at = this.lines[c]!;
    return at === NONE ? null : this.names[at]!;
  }
  daypartId(c: number) {
    return this.names[this.dayparts[c]!]!;
  }
  /** A row settled the spot: its status now, and no longer missed by a closing. */
  settle(c: number, status: 'aired' | 'missed') {
    this.statuses[c] = STATUSES.indexOf(status);
    this.flags[c] = this.flags[c]! & ~MISSED_BY_CLOSE;
  }
  isClosedMissed(c: number) {
    return isClosedMissed({ status: this.status(c), missedByClose: this.missedByClose(c) });
  }
  /** Each distinct order, item and schedule line of the candidates. */
  distinct() {
    const orders = new Set<string>();
    const items = new Set<string>();
    const lines = new Set<string>();
    for (let c = 0; c < this.length; c += 1) {
      orders.add(this.estimateId(c));
      const item = this.estimateItemId(c);
      if (item !== null) items.add(item);
      const line = this.scheduleLineId(c);
      if (line !== null) lines.add(line);
    }
    return { orders: [...orders], items: [...items], lines: [...lines] };
  }
}

export interface Candidates {
  spots: CandidateSpots;
  daypartRows: Map<string, DaypartRow>;
  campaignOf: Map<string, CampaignState>;
  itemOf: Map<string, PricedItem>;
  lineOf: Awaited<ReturnType<typeof scheduleLineTerms>>;
}

/**
 * Days of ranges per query of the spots in them: about the spots one query answers (the bench has a spot a
 * house code and day), what the driver holds at once. 100,000 rows of 10 days (10,000 ranges of 12 days)
 * are 7 queries.
 */
const DAYS_PER_QUERY = 20_000;

/** The rows' days near their station days, as ranges per house code (domain/as-run-near-days). */
const rangesOf = (rows: ResolvedRows) => {
  const daysOf = new Map<string, Set<string>>();
  for (let i = 0; i < rows.length; i += 1) {
    const code = rows.houseCode(i);
    if (!code) continue;
    let days = daysOf.get(code);
    if (!days) daysOf.set(code, (days = new Set()));
    days.add(rows.localDate(i));
  }
  return nearDayRanges(daysOf);
};

/** The ranges a query at a time: up to DAYS_PER_QUERY days of them (at least one range). */
const queriesOf = function* (ranges: DayRanges) {
  let from = 0;
  while (from < ranges.codes.length) {
    let to = from;
    let days = 0;
    while (to < ranges.codes.length && (to === from || days + ranges.days[to]! <= DAYS_PER_QUERY)) {
      days += ranges.days[to]!;
      to += 1;
    }
    yield { codes: ranges.codes.slice(from, to), froms: ranges.froms.slice(from, to), tos: ranges.tos.slice(from, to) };
    from = to;
  }
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
  const namedIds = rows.namedSpotIds();
  const spots = new CandidateSpots(new Set(namedIds));
  const add = async (found: AsRunSpots | null) => {
    if (!found) return;
    const closedIds = found.id.filter((id, i) => isClosedMissed({ status: found.status[i]!, missedByClose: found.missedByClose[i]! }));
    const makegoodAired = closedIds.length > 0 ? await missedSpotsWithAiredMakegood(tx, closedIds) : new Set<string>();
    for (let i = 0; i < found.id.length; i += 1) {
      const id = found.id[i]!;
      if (!spots.has(id)) spots.add(found, i, windowFor(found.daypartId[i]!, found.airDate[i]!), makegoodAired.has(id));
    }
  };
  for (const ranges of queriesOf(rangesOf(rows))) await add(await asRunSpotsInRanges(tx, channelId, ranges));
  await add(await asRunSpotsByIds(tx, channelId, namedIds));
  spots.done();

  // The campaigns (locked), items and schedule lines of the candidate spots, a query each.
  const { orders, items, lines } = spots.distinct();
  const campaignOf = await lockCampaignBudgetsOfOrders(tx, orders);
  const itemOf = await pricedItems(tx, items);
  // A schedule line's spot airs at the line's rate per spot (issue 42).
  const lineOf = await scheduleLineTerms(tx, lines);
  return { spots, daypartRows, campaignOf, itemOf, lineOf };
};
