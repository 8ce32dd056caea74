import { AGENCY_CODE_FIELDS, AGENCY_CODE_LABELS } from '../../../domain/agency-codes';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../../domain/display-dates';
import type { EstimateDetail } from '../../../domain/estimate-schemas';
import { formatCurrency, formatCount } from '../../../domain/format';
import { quoteOrder, selectionDefaults } from '../../../domain/pricing';
import { dayLabel } from '../../../domain/rate-card';
import { Badge } from '../../ui/badge';
import { Table, Th, cellClasses } from '../../ui/table';
import { customCpmNote, formatTimeRange } from '../../ui/order-form-display';
import { daypartOfItem, limitsOf } from './order-draft';
import { Section } from './section';
import { SummaryPanel, type SummaryFigures } from './summary-panel';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
    <dd className="mt-1 text-sm text-slate-900">{children}</dd>
  </div>
);

const cpmOfItem = (item: EstimateDetail['items'][number]) => item.user_defined_cpm ?? selectionDefaults(limitsOf(daypartOfItem(item))).cpm;

/** The order as a clean summary: details, time slots with their cost, media, card, coupon and totals. */
export const OrderReadView = ({ order, footer }: { order: EstimateDetail; footer?: ReactNode }) => {
  const quote = quoteOrder({
    selections: order.items.map((item) => ({
      multiplier: item.multiplier,
      spotsPerDay: item.spots_per_occurrence,
      cpm: cpmOfItem(item),
      daysPerWeek: item.days_of_week.length,
    })),
    budget: order.total_spend,
    startDate: order.start_date,
  });
  const hasDiscount = order.discount_amount > 0;
  const figures: SummaryFigures = {
    weeklyCost: order.total_estimated_cost,
    weeklyReach: order.weekly_reach,
    days: order.total_estimated_cost > 0 && order.total_spend > 0 ? quote.days : null,
    endDate: order.end_date,
    budget: order.total_spend > 0 ? order.total_spend : null,
    coupon: hasDiscount && order.coupon_code ? { code: order.coupon_code, discount: order.discount_amount, totalDue: order.total_amount } : null,
  };
  const totalCost = order.items.reduce((sum, item) => sum + item.weekly_cost, 0);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <Section title="Order Details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Order Name">{order.estimate_name || <span className="text-slate-500">Untitled order</span>}</Field>
            <Field label="Brand">{order.brand_name ?? '—'}</Field>
            <Field label="Total Budget">{order.total_spend > 0 ? formatCurrency(order.total_spend) : '—'}</Field>
            <Field label="Start Date">{formatCalendarDate(order.start_date)}</Field>
            <Field label="End Date">{formatCalendarDate(order.end_date)}</Field>
            {AGENCY_CODE_FIELDS.filter((field) => order[field]).map((field) => (
              <Field key={field} label={AGENCY_CODE_LABELS[field]}>
                <span className="font-mono">{order[field]}</span>
              </Field>
            ))}
          </dl>
        </Section>

        <Section title="Time Slots">
          {order.items.length === 0 ? (
            <p className="text-sm text-slate-500">No time slots selected.</p>
          ) : (
            <div className="-mx-5 -mb-5">
              <Table caption="Time slots">
                <thead className="bg-slate-50">
                  <tr>
                    <Th>Daypart</Th>
                    <Th>Airs</Th>
                    <Th className="text-right">Spots per day</Th>
                    <Th className="text-right">CPM</Th>
                    <Th className="text-right">Weekly impressions</Th>
                    <Th className="text-right">Weekly cost</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {order.items.map((item) => (
                    <tr key={item.id}>
                      <td className={`${cellClasses} font-medium text-slate-900`}>
                        <span className="flex flex-wrap items-center gap-2">
                          {item.daypart_name}
                          {item.is_prime_time && <Badge tone="purple">Prime Time</Badge>}
                        </span>
                      </td>
                      <td className={cellClasses}>
                        {formatTimeRange(item.start_time, item.end_time)}
                        <span className="block text-xs text-slate-500">{dayLabel(item.days_of_week)}</span>
                      </td>
                      <td className={`${cellClasses} text-right tabular-nums`}>{item.spots_per_occurrence}</td>
                      <td className={`${cellClasses} text-right tabular-nums`}>
                        {formatCurrency(cpmOfItem(item))}
                        {item.user_defined_cpm !== null && (
                          <span className="block text-xs text-slate-500">{customCpmNote(item.user_defined_cpm, item.base_cpm)}</span>
                        )}
                      </td>
                      <td className={`${cellClasses} text-right tabular-nums`}>{formatCount(item.expected_views)}</td>
                      <td className={`${cellClasses} text-right tabular-nums`}>{formatCurrency(item.weekly_cost)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-slate-200 bg-slate-50">
                  <tr>
                    <th scope="row" colSpan={5} className={`${cellClasses} text-right font-semibold text-slate-900`}>
                      Weekly total
                    </th>
                    <td className={`${cellClasses} text-right font-semibold tabular-nums text-slate-900`}>{formatCurrency(totalCost)}</td>
                  </tr>
                </tfoot>
              </Table>
            </div>
          )}
        </Section>

        <div className="grid gap-6 sm:grid-cols-2">
          <Section title="Media">
            <p className="text-sm text-slate-900">{order.media_filename ?? <span className="text-slate-500">No media selected</span>}</p>
          </Section>
          <Section title="Payment Card">
            <p className="text-sm text-slate-900">
              {order.payment_last4 ? `${order.payment_brand ?? 'Card'} •••• ${order.payment_last4}` : <span className="text-slate-500">No card selected</span>}
            </p>
          </Section>
        </div>

        <Section title="Coupon">
          {order.coupon_code ? (
            <p className="text-sm text-slate-900">
              <span className="font-medium">{order.coupon_code}</span>
              {hasDiscount ? (
                <span className="text-green-700"> — {formatCurrency(order.discount_amount)} off</span>
              ) : (
                <span className="text-slate-500"> — the discount is applied when the order is submitted</span>
              )}
            </p>
          ) : (
            <p className="text-sm text-slate-500">No coupon applied</p>
          )}
        </Section>
      </div>
      <aside className="lg:sticky lg:top-20 lg:self-start" aria-label="Order summary">
        <SummaryPanel figures={figures} footer={footer} />
      </aside>
    </div>
  );
};
