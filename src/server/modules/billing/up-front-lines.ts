/** Stores an up-front invoice's lines (decision 020): the order's time slots over its flight, its coupon and its credits. */
import { orderCouponOf, upFrontLines } from '../../../domain/billing-up-front';
import { invoiceLines } from '../../db/schema';
import { couponCode } from '../coupons/public';
import type { Tx } from '../../platform/db';
import { itemsWithDayparts, scheduleLinesOf, type OrderRow } from '../orders/public';
import { spotCostCents } from '../makegoods/offer';

/** The redeemed coupon's code (else the one typed on the order). */
export const couponCodeOf = async (tx: Tx, order: Pick<OrderRow, 'couponId' | 'couponCode'>): Promise<string | null> => {
  if (!order.couponId) return order.couponCode;
  return (await couponCode(tx, order.couponId)) ?? order.couponCode;
};

/**
 * Lines adding up to the subtotal: the order's gross (its time slots, or its schedule's lines: decision 056), less
 * its coupon (gross − amount) and its credits (amount − subtotal).
 */
export const insertUpFrontLines = async (tx: Tx, invoiceId: string, order: OrderRow, subtotalCents: number) => {
  const rows = await itemsWithDayparts(tx, order.id);
  const slots = rows.map(({ item, daypart }) => ({
    daypartId: daypart.id,
    name: daypart.name,
    startTime: daypart.startTime,
    endTime: daypart.endTime,
    daysOfWeek: daypart.daysOfWeek,
    spotsPerDay: item.spotsPerOccurrence,
    spotCostCents: spotCostCents(daypart, item),
  }));
  const schedule = (await scheduleLinesOf(tx, order.id)).map((line) => ({
    daypartId: line.daypartId,
    name: line.label,
    days: line.days,
    startTime: line.startTime,
    endTime: line.endTime,
    spotLength: line.spotLength,
    rateCents: line.rateCents,
    spots: line.weeks.reduce((sum, week) => sum + week.spots, 0),
  }));
  const lines = upFrontLines(
    slots,
    {
      name: order.estimateName,
      startDate: order.startDate,
      endDate: order.endDate,
      ...orderCouponOf(order),
      couponCode: await couponCodeOf(tx, order),
      creditCents: Math.max(0, order.totalAmountCents - subtotalCents),
    },
    schedule,
  );
  await tx.insert(invoiceLines).values(lines.map((line) => ({ invoiceId, ...line })));
};
