/**
 * Submitting an order that holds a schedule (issue 42, decision 056): the schedule stands for the time
 * slots the specification's submit asks for. Every line must be mapped to a daypart (400 naming the
 * unmapped lines), the schedule must have at least one spot, and the order form's other rules (name,
 * brand, start date at least 7 days ahead) apply as to any order; the budget is the schedule's gross.
 */
import { orderFormErrors } from '../../../domain/pricing';
import { SCHEDULE_MESSAGES } from '../../../domain/schedule-schemas';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { OrderRow } from './orders';
import { readSchedule, scheduleQuote } from './schedule-store';

const CHECKED = new Set(['estimate_name', 'brand_id', 'start_date']);

/** Null when the order has no schedule; else its dayparts (for the coupon's restrictions), once every check passed. */
export const scheduleSubmitCheck = async (tx: Tx, order: OrderRow, today: string) => {
  const quote = await scheduleQuote(tx, order.id);
  if (!quote) return null;
  if (quote.unmapped.length > 0) throw badRequest(SCHEDULE_MESSAGES.unmapped(quote.unmapped.join(', ')), 'schedule');
  const stored = await readSchedule(tx, order.id);
  if (!stored || stored.lines.every((l) => l.spotsPerWeek.every((n) => n === 0))) throw badRequest(SCHEDULE_MESSAGES.noSpots, 'schedule');
  const problem = orderFormErrors(
    { estimateName: order.estimateName, brandId: order.brandId, startDate: order.startDate, totalSpend: null, selections: [] },
    today,
  ).find((p) => CHECKED.has(p.field));
  if (problem) throw badRequest(problem.message, problem.field);
  return quote;
};
