/**
 * The lines of an up-front invoice (decision 020): one per time slot of the order over its flight
 * (spots × booked cost per spot), a line adjusting them to the order's gross (its budget) where the
 * two differ, then the coupon and the credited missed spots as negative lines. Every line is
 * quantity × rate, and the lines add up to the invoice's subtotal.
 */
import type { StoredInvoiceLine } from './billing-delivery';
import { addDays, daysBetween, weekdayOf } from './dates';
import { formatCalendarDate } from './display-dates';
import { formatTimeRange } from './display-times';
import { formatCurrency } from './format';
import { toDollars } from './money';
import { dayLabel } from './rate-card';

/** A line as stored: quantity × unit = amount. */
export interface InvoiceLineDraft {
  position: number;
  description: string;
  daypartId: string | null;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** A time slot of the order. */
export interface UpFrontSlot {
  daypartId: string;
  name: string;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly string[];
  spotsPerDay: number;
  /** The booked cost of one spot: the item's CPM on one spot's delivery (decision 010), in cents. */
  spotCostCents: number;
}

/** A schedule line of the order (decision 056): its spots in all, at its rate per spot. */
export interface UpFrontScheduleLine {
  daypartId: string;
  name: string;
  days: readonly string[];
  /** On the broadcast-day clock, as the schedule states them ("25:00" is 1 AM). */
  startTime: string;
  endTime: string;
  spotLength: number;
  rateCents: number;
  spots: number;
}

export interface UpFrontOrder {
  name: string | null;
  startDate: string | null;
  endDate: string | null;
  /** The budget, before the coupon. */
  grossCents: number;
  couponCode: string | null;
  couponCents: number;
  /** Missed spots credited and not billed (decision 010). */
  creditCents: number;
}

/** A line as the API and the PDF show it, in dollars. */
export const toStoredLine = (line: InvoiceLineDraft): StoredInvoiceLine => ({
  position: line.position,
  description: line.description,
  daypart_id: line.daypartId,
  quantity: line.quantity,
  unit_price: toDollars(line.unitCents),
  amount: toDollars(line.amountCents),
});

export const dateRangeLabel = (startDate: string | null, endDate: string | null) => `${formatCalendarDate(startDate)} – ${formatCalendarDate(endDate)}`;

/** The single line of an order billed as a whole (invoices made before decision 020, or an order without dated spots). */
export const wholeOrderLine = (order: Pick<UpFrontOrder, 'name' | 'startDate' | 'endDate'>, amountCents: number): InvoiceLineDraft => ({
  position: 1,
  description: `Order ${order.name || '—'}${order.startDate ? ` (${dateRangeLabel(order.startDate, order.endDate)})` : ''}`,
  daypartId: null,
  quantity: 1,
  unitCents: amountCents,
  amountCents,
});

/** The spots a slot airs from the first day to the last, both included. */
export const spotsInFlight = (slot: Pick<UpFrontSlot, 'daysOfWeek' | 'spotsPerDay'>, startDate: string, endDate: string): number => {
  let days = 0;
  for (let offset = 0; offset <= daysBetween(startDate, endDate); offset += 1) if (slot.daysOfWeek.includes(weekdayOf(addDays(startDate, offset)))) days += 1;
  return days * slot.spotsPerDay;
};

const slotLine = (slot: UpFrontSlot, order: UpFrontOrder, position: number, quantity: number, unitCents: number): InvoiceLineDraft => ({
  position,
  description: `${slot.name} · ${dayLabel(slot.daysOfWeek)} ${formatTimeRange(slot.startTime, slot.endTime)} · ${dateRangeLabel(order.startDate, order.endDate)}`,
  daypartId: slot.daypartId,
  quantity,
  unitCents,
  amountCents: quantity * unitCents,
});

/**
 * The line that brings the slots to the budget, said with its reason (issue 29 item 6, decision 033).
 * An order buys a budget: its flight ends on the last whole day the budget pays for (pricing's
 * floor(weeks × 7)), so its spots cost a little less than the budget (the balance bills the part
 * of a day that was paid for) or, with the last day counted in full, a little more (the balance
 * takes it off: an order never bills more than its budget).
 */
export const budgetBalanceLabel = (grossCents: number, spots: number, atRateCents: number): string => {
  const spotsAt = `${spots} spot${spots === 1 ? '' : 's'} at the booked rates come to ${formatCurrency(toDollars(atRateCents))}`;
  return grossCents > atRateCents
    ? `Budget balance: the flight's ${spotsAt}; the budget ordered is ${formatCurrency(toDollars(grossCents))} (the flight ends on the last whole day the budget pays for)`
    : `Budget balance: the flight's ${spotsAt}; the budget ordered is ${formatCurrency(toDollars(grossCents))} (an order never bills more than its budget)`;
};

/**
 * One line per slot: its spots in the flight × its booked cost per spot, so every line is exactly
 * quantity × rate at the rate the advertiser booked. The order bills its budget (its gross); the
 * flight's whole days rarely cost exactly that, and the difference is its own line, said as such.
 */
const slotLines = (slots: readonly UpFrontSlot[], order: UpFrontOrder): InvoiceLineDraft[] | null => {
  if (!order.startDate || !order.endDate || order.endDate < order.startDate) return null;
  const lines = slots
    .map((slot) => ({ slot, quantity: spotsInFlight(slot, order.startDate!, order.endDate!) }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ slot, quantity }, i) => slotLine(slot, order, i + 1, quantity, slot.spotCostCents));
  const atRate = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (!(atRate > 0)) return null;
  const balance = order.grossCents - atRate;
  if (balance !== 0) {
    const spots = lines.reduce((sum, line) => sum + line.quantity, 0);
    lines.push({
      position: lines.length + 1,
      description: budgetBalanceLabel(order.grossCents, spots, atRate),
      daypartId: null,
      quantity: 1,
      unitCents: balance,
      amountCents: balance,
    });
  }
  return lines;
};

/**
 * One line per schedule line with spots: its spots × its rate per spot, a bonus line at $0.00 included, so the
 * lines add up to the schedule's gross, which is the order's budget (a line brings them to it where they differ).
 */
const scheduleLines = (schedule: readonly UpFrontScheduleLine[], order: UpFrontOrder): InvoiceLineDraft[] | null => {
  const lines = schedule
    .filter((line) => line.spots > 0)
    .map((line, i): InvoiceLineDraft => ({
      position: i + 1,
      description: `${line.name} · ${dayLabel(line.days)} ${line.startTime}–${line.endTime} · :${line.spotLength} · ${dateRangeLabel(order.startDate, order.endDate)}`,
      daypartId: line.daypartId,
      quantity: line.spots,
      unitCents: line.rateCents,
      amountCents: line.spots * line.rateCents,
    }));
  if (lines.length === 0) return null;
  const atRate = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const balance = order.grossCents - atRate;
  if (balance !== 0)
    lines.push({
      position: lines.length + 1,
      description: budgetBalanceLabel(
        order.grossCents,
        lines.reduce((sum, line) => sum + line.quantity, 0),
        atRate,
      ),
      daypartId: null,
      quantity: 1,
      unitCents: balance,
      amountCents: balance,
    });
  return lines;
};

/** An order's gross (its budget before the coupon) and its coupon, from its stored totals: both kinds of invoice bill from these. */
export const orderCouponOf = (order: { totalSpendCents: number; totalAmountCents: number }) => ({
  grossCents: Math.max(order.totalSpendCents, order.totalAmountCents),
  couponCents: Math.max(0, order.totalSpendCents - order.totalAmountCents),
});

/** The coupon's line on an invoice, up front or on delivery. */
export const couponLineLabel = (code: string | null) => (code ? `Discount (coupon ${code})` : 'Discount (coupon)');

/**
 * The invoice's lines: the slots, or a schedule's lines, or the order as one line; then the coupon and the credits.
 * They add up to gross − coupon − credits.
 */
export const upFrontLines = (slots: readonly UpFrontSlot[], order: UpFrontOrder, schedule: readonly UpFrontScheduleLine[] = []): InvoiceLineDraft[] => {
  const lines = (schedule.length > 0 ? scheduleLines(schedule, order) : slotLines(slots, order)) ?? [wholeOrderLine(order, order.grossCents)];
  const less = (description: string, cents: number) => {
    if (cents > 0) lines.push({ position: lines.length + 1, description, daypartId: null, quantity: 1, unitCents: -cents, amountCents: -cents });
  };
  less(couponLineLabel(order.couponCode), order.couponCents);
  less('Credit for missed spots not made good', order.creditCents);
  return lines;
};
