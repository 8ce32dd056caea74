/**
 * The post-buy (issue 43, decision 057): what the order's aired, real spots delivered, each valued on the
 * post book of the broadcast month it aired in, against what was ordered; a guarantee's shortfall and the
 * ADUs (no-charge spots) that would cover it on the current book.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { adusFor, audienceFigures, flightWeekOf, guaranteeGoal, percentDelivered, type AudienceFigures, type Guarantee } from '../../../domain/audience';
import type { PostBuy } from '../../../domain/audience-schemas';
import { broadcastMonthOf } from '../../../domain/broadcast-calendar';
import type { OrderActor } from '../../../domain/orders';
import { csvLine } from '../../../domain/reconciliation';
import { bookRatings, postBooks } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { readableOrder } from '../orders/public';
import { pendingAdus } from '../makegoods/adus';
import { airedSpotsToPost } from '../traffic/public';
import { asAudienceLines, lineAudiencesOf, specLinesOf } from './order-audience';
import { currentBook, ratingsOf } from './public';

type Sums = { spots: number; cost_cents: number; grps: number; impressions: number };
const ZERO: Sums = { spots: 0, cost_cents: 0, grps: 0, impressions: 0 };
const round1 = (n: number) => Math.round(n * 10) / 10;
const finish = (s: Sums): AudienceFigures => ({
  spots: s.spots,
  cost_cents: Math.round(s.cost_cents),
  grps: round1(s.grps),
  impressions: round1(s.impressions),
  cpp_cents: s.grps > 0 ? Math.round(s.cost_cents / s.grps) : null,
  cpm_cents: s.impressions > 0 ? Math.round(s.cost_cents / s.impressions) : null,
});
const plus = (a: Sums, b: Sums): Sums => ({
  spots: a.spots + b.spots,
  cost_cents: a.cost_cents + b.cost_cents,
  grps: a.grps + b.grps,
  impressions: a.impressions + b.impressions,
});

const OTHER_LINE = { id: 'other', label: 'Makegoods in other dayparts' };

export const postBuy = async (db: Tx, actor: OrderActor, id: string, asked: string | undefined): Promise<PostBuy> => {
  const order = await readableOrder(db, actor, id);
  const guarantee: Guarantee | null = order.guaranteeDemo
    ? { demo: order.guaranteeDemo, impressions: order.guaranteeImpressions, grps: order.guaranteeGrps }
    : null;
  const demo = asked ?? guarantee?.demo ?? order.targetDemo ?? null;
  const measure = guarantee ? guaranteeGoal(guarantee).measure : 'impressions';
  const lines = await specLinesOf(db, order);
  const { audiences } = await lineAudiencesOf(db, order, lines, demo);
  const ordered = audienceFigures(asAudienceLines(lines, audiences));

  // Delivered: each aired spot on the post book of its broadcast month.
  const spots = (await airedSpotsToPost(db, order.id)).sort((a, b) => a.airDate.localeCompare(b.airDate));
  const monthOf = new Map<string, string>();
  const month = (date: string) => {
    let key = monthOf.get(date);
    if (key === undefined) monthOf.set(date, (key = broadcastMonthOf(date).month));
    return key;
  };
  const months = [...new Set(spots.map((s) => month(s.airDate)))];
  const posts = months.length
    ? await db
        .select()
        .from(postBooks)
        .where(and(eq(postBooks.channelId, order.channelId), inArray(postBooks.month, months)))
    : [];
  const bookOfMonth = new Map(posts.map((p) => [p.month, p.bookId]));
  const daypartIds = [...new Set(spots.map((s) => s.daypartId))];
  const ratings =
    demo && posts.length && daypartIds.length
      ? await db
          .select()
          .from(bookRatings)
          .where(
            and(inArray(bookRatings.bookId, [...new Set(posts.map((p) => p.bookId))]), eq(bookRatings.demo, demo), inArray(bookRatings.daypartId, daypartIds)),
          )
      : [];
  const rating = new Map(ratings.map((r) => [`${r.bookId} ${r.daypartId}`, r]));
  // A spot names its item or its schedule line (issue 42); else it is placed by its daypart.
  const lineOfId = new Map(lines.map((l) => [l.id, l]));
  const lineOfDaypart = new Map(lines.map((l) => [l.daypartId, l]));
  const byLine = new Map<string, Sums>();
  const byWeek = new Map<string, Sums>();
  let total = ZERO;
  let unvalued = 0;
  let unvaluedAdus = 0;
  const flightStart = order.startDate ?? spots[0]?.airDate ?? '';
  const weekOf = new Map<string, string>();
  const week = (date: string) => {
    let key = weekOf.get(date);
    if (key === undefined) weekOf.set(date, (key = flightStart && date >= flightStart ? flightWeekOf(flightStart, date) : date));
    return key;
  };
  for (const spot of spots) {
    const lineId = spot.estimateItemId ?? spot.scheduleLineId;
    const line = (lineId ? lineOfId.get(lineId) : undefined) ?? lineOfDaypart.get(spot.daypartId);
    const bookId = bookOfMonth.get(month(spot.airDate));
    const value = bookId ? rating.get(`${bookId} ${spot.daypartId}`) : undefined;
    if (!value) {
      unvalued += 1;
      if (spot.noCharge) unvaluedAdus += 1;
    }
    // An ADU (decision 057) delivers at no charge.
    const sums: Sums = { spots: 1, cost_cents: spot.noCharge ? 0 : (line?.rateCents ?? 0), grps: value?.rating ?? 0, impressions: value?.impressions ?? 0 };
    const row = line?.id ?? OTHER_LINE.id;
    byLine.set(row, plus(byLine.get(row) ?? ZERO, sums));
    const weekStart = week(spot.airDate);
    byWeek.set(weekStart, plus(byWeek.get(weekStart) ?? ZERO, sums));
    total = plus(total, sums);
  }

  const compare = (o: AudienceFigures, d: AudienceFigures) => ({ ordered: o, delivered: d, percent_delivered: percentDelivered(o[measure], d[measure]) });
  const none = finish(ZERO);
  const lineRows = ordered.lines.map((l) => ({ id: l.id, label: l.label, ...compare(l, finish(byLine.get(l.id) ?? ZERO)) }));
  if (byLine.has(OTHER_LINE.id)) lineRows.push({ ...OTHER_LINE, ...compare(none, finish(byLine.get(OTHER_LINE.id)!)) });
  const weekKeys = [...new Set([...ordered.weeks.map((w) => w.week_start), ...byWeek.keys()])].sort();
  const weeks = weekKeys.map((week_start) => ({
    week_start,
    ...compare(ordered.weeks.find((w) => w.week_start === week_start) ?? none, finish(byWeek.get(week_start) ?? ZERO)),
  }));
  const delivered = finish(total);

  let shortfall: number | null = null;
  let adus: PostBuy['adus'] = null;
  if (guarantee && demo !== guarantee.demo) {
    // The shortfall and the ADUs are on the guarantee's demo, whichever demo is asked.
    ({ shortfall, adus } = await postBuy(db, actor, id, guarantee.demo));
  } else if (guarantee) {
    const goal = guaranteeGoal(guarantee);
    shortfall = round1(Math.max(0, goal.goal - delivered[goal.measure]));
    if (shortfall > 0) adus = await proposeAdus(db, order.channelId, lines, guarantee.demo, goal.measure, shortfall);
    // Owed but not counted in the delivery yet: offered, accepted and not aired, or aired in a month without a post-book figure.
    if (adus) adus = { ...adus, pending: (await pendingAdus(db, order.id)) + unvaluedAdus };
  }
  return {
    estimate_id: order.id,
    demo,
    measure,
    lines: lineRows,
    weeks,
    total: compare(ordered.total, delivered),
    unvalued_spots: unvalued,
    guarantee,
    shortfall,
    adus,
  };
};

/** ADUs: in the order's daypart that delivers most a spot on the current book (fewest spots), the deficit ÷ that, rounded up. */
const proposeAdus = async (
  db: Tx,
  channelId: string,
  lines: readonly { id: string; daypartId: string; label: string }[],
  demo: string,
  measure: 'grps' | 'impressions',
  shortfall: number,
): Promise<PostBuy['adus']> => {
  const book = await currentBook(db, channelId);
  if (!book || lines.length === 0) return null;
  const ratings = await ratingsOf(
    db,
    book.id,
    lines.map((l) => l.daypartId),
    demo,
  );
  let best: PostBuy['adus'] = null;
  for (const line of lines) {
    const r = ratings.find((x) => x.daypartId === line.daypartId);
    const perSpot = r ? (measure === 'grps' ? r.rating : r.impressions) : 0;
    const spots = adusFor(shortfall, perSpot);
    if (spots !== null && (best === null || perSpot > best.per_spot))
      best = { spots, daypart_id: line.daypartId, line_id: line.id, label: line.label, per_spot: perSpot, pending: 0 };
  }
  return best;
};

/** The post-buy as CSV: one row per line, per week and the total. */
export const postBuyCsv = (p: PostBuy): string => {
  const head = [
    'section',
    'name',
    'ordered_spots',
    'ordered_grps',
    'ordered_impressions',
    'delivered_spots',
    'delivered_grps',
    'delivered_impressions',
    'percent_delivered',
  ];
  const row = (section: string, name: string, c: PostBuy['total']) =>
    csvLine([
      section,
      name,
      c.ordered.spots,
      c.ordered.grps,
      c.ordered.impressions,
      c.delivered.spots,
      c.delivered.grps,
      c.delivered.impressions,
      c.percent_delivered,
    ]);
  return [
    csvLine(head),
    ...p.lines.map((l) => row('line', l.label, l)),
    ...p.weeks.map((w) => row('week', w.week_start, w)),
    row('total', p.demo ?? '', p.total),
    ...(p.guarantee ? [csvLine(['shortfall', p.guarantee.demo, p.shortfall]), csvLine(['adus', p.adus?.label ?? '', p.adus?.spots ?? ''])] : []),
  ].join('');
};
