/**
 * An order's audience (issue 43, decision 057): its lines (the specification's daypart items today; the
 * sums take any lines), each with its audience on a demo: frozen at booking, else the channel's current
 * book.
 */
import { eq } from 'drizzle-orm';
import { audienceFigures, weeksOfDailyLine, type AudienceLine, type LineWeek, type SpotAudience } from '../../../domain/audience';
import type { Audience } from '../../../domain/audience-schemas';
import type { OrderActor } from '../../../domain/orders';
import { weeklyCostOf } from '../../../domain/pricing';
import { lineAudiences } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { itemsWithDayparts, readableOrder, scheduleLinesOf, selectionOf, type OrderRow } from '../orders/public';
import { currentBook, ratingsOf } from './public';

/** An order line before its audience is known. */
export interface OrderLine {
  id: string;
  label: string;
  daypartId: string;
  /** Cents a spot. */
  rateCents: number;
  /** Spots a day and the daypart's days (the specification's lines), for ADU sizing and weeks. */
  weeks: LineWeek[];
  /** A schedule line's days of the week (issue 42); absent on a daypart item, which airs on its daypart's days. */
  days?: readonly string[];
}

/**
 * The order's lines: its daypart items (rate a spot = the line's weekly cost ÷ its spots a week; weeks over
 * the flight, start to end date, or one week when the order has no flight yet), or its schedule's mapped
 * lines (issue 42: rate a spot and spots a week as bought). An order holds one or the other.
 */
export const specLinesOf = async (db: Tx, order: OrderRow): Promise<OrderLine[]> => [
  ...(await scheduleLinesOf(db, order.id)),
  ...(await itemsWithDayparts(db, order.id)).map(({ item, daypart }) => {
    const selection = selectionOf(daypart, item);
    const perWeek = selection.spotsPerDay * selection.daysPerWeek;
    const rateCents = perWeek > 0 ? (weeklyCostOf(selection) * 100) / perWeek : 0;
    const weeks =
      order.startDate && order.endDate
        ? weeksOfDailyLine(selection.spotsPerDay, daypart.daysOfWeek, order.startDate, order.endDate)
        : [{ start: order.startDate ?? '', spots: perWeek }];
    return { id: item.id, label: daypart.name, daypartId: daypart.id, rateCents, weeks };
  }),
];

/** Each line's audience on the demo: frozen when the line was booked with one, else from the current book. */
export const lineAudiencesOf = async (db: Tx, order: Pick<OrderRow, 'id' | 'channelId'>, lines: readonly OrderLine[], demo: string | null) => {
  const frozenRows = await db.select().from(lineAudiences).where(eq(lineAudiences.estimateId, order.id));
  const frozenLines = new Set(frozenRows.map((r) => r.lineId));
  const open = lines.filter((l) => !frozenLines.has(l.id));
  const book = open.length > 0 ? await currentBook(db, order.channelId) : null;
  const live =
    book && demo
      ? await ratingsOf(
          db,
          book.id,
          open.map((l) => l.daypartId),
          demo,
        )
      : [];
  const audiences = new Map<string, SpotAudience | null>();
  for (const line of lines) {
    const row = frozenLines.has(line.id) ? frozenRows.find((r) => r.lineId === line.id && r.demo === demo) : live.find((r) => r.daypartId === line.daypartId);
    audiences.set(line.id, row ? { rating: row.rating, impressions: row.impressions } : null);
  }
  const frozen = lines.length > 0 && open.length === 0;
  return { audiences, bookName: frozenRows[0]?.bookName ?? book?.name ?? null, frozen };
};

export const asAudienceLines = (lines: readonly OrderLine[], audiences: ReadonlyMap<string, SpotAudience | null>): AudienceLine[] =>
  lines.map((l) => ({ id: l.id, label: l.label, rateCents: l.rateCents, audience: audiences.get(l.id) ?? null, weeks: l.weeks }));

/** GET /estimates/:id/audience: on the demo asked, else the order's target demo. */
export const orderAudience = async (db: Tx, actor: OrderActor, id: string, asked: string | undefined): Promise<Audience> => {
  const order = await readableOrder(db, actor, id);
  const demo = asked ?? order.targetDemo ?? null;
  const lines = await specLinesOf(db, order);
  const { audiences, bookName, frozen } = await lineAudiencesOf(db, order, lines, demo);
  return { estimate_id: order.id, demo, target_demo: order.targetDemo, book_name: bookName, frozen, ...audienceFigures(asAudienceLines(lines, audiences)) };
};
