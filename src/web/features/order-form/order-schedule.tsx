/**
 * The order page's week grid (issue 42, decision 056): an imported or entered schedule, its lines described,
 * then week by week (a row a week, a column a line, so that a quarter fits the page), with each week's and
 * each line's spots and gross. Read-only; shown only for an order that holds a schedule,
 * and, as the audience card, an aside at the page's end that never blocks or moves what is above it.
 */
import { formatCurrency } from '../../../domain/format';
import { useOrderSchedule } from '../../api/proposals';
import { Card } from '../../ui/card';
import { formatDay } from '../../ui/order-display';
import { Table, Th } from '../../ui/table';
import { compactCell, compactHeader } from '../../ui/table-styles';

const number = `${compactCell} whitespace-nowrap text-right tabular-nums`;

export const OrderSchedule = ({ orderId }: { orderId: string }) => {
  const schedule = useOrderSchedule(orderId).data?.schedule;
  if (!schedule) return null;
  return (
    <Card className="mt-6">
      <section aria-labelledby="order-schedule-heading" className="p-4 sm:p-6">
        <h2 id="order-schedule-heading" className="text-lg font-semibold text-slate-900">
          Weekly schedule
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {formatDay(schedule.start_date)} – {formatDay(schedule.end_date)} · weeks start on {schedule.week_start_day}
          {schedule.proposal_id && ` · proposal ${schedule.proposal_id} v${schedule.proposal_version ?? 1}`}
        </p>
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {schedule.lines.map((line) => (
            <li key={line.id}>
              <span className="font-medium text-slate-900">{line.name}</span>:{' '}
              {line.daypart_name ?? `not mapped (${line.unmapped_reason ?? 'no daypart holds it'})`} · {line.days.map((d) => d.slice(0, 3)).join(' ')}{' '}
              {line.start_time}–{line.end_time} · :{line.spot_length} · {formatCurrency(line.rate)} a spot · {line.spots} spots, {formatCurrency(line.gross)}
            </li>
          ))}
        </ul>
        <div className="mt-3">
          <Table caption="Spots per week of each line">
            <thead className="bg-slate-50">
              <tr>
                <Th className={compactHeader}>Week of</Th>
                {schedule.lines.map((line) => (
                  <Th key={line.id} className={`${compactHeader} text-right`}>
                    {line.name}
                  </Th>
                ))}
                <Th className={`${compactHeader} text-right`}>Spots</Th>
                <Th className={`${compactHeader} text-right`}>Gross</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {schedule.weeks.map((week, i) => (
                <tr key={week.start_date}>
                  <td className={`${compactCell} whitespace-nowrap`}>{formatDay(week.start_date)}</td>
                  {schedule.lines.map((line) => (
                    <td key={line.id} className={number}>
                      {line.spots_per_week[i] ?? 0}
                    </td>
                  ))}
                  <td className={number}>{week.spots}</td>
                  <td className={`${number} font-medium`}>{formatCurrency(week.gross)}</td>
                </tr>
              ))}
              <tr className="bg-slate-50 font-medium">
                <td className={compactCell}>Total</td>
                {schedule.lines.map((line) => (
                  <td key={line.id} className={number}>
                    {line.spots}
                  </td>
                ))}
                <td className={number}>{schedule.spots}</td>
                <td className={number}>{formatCurrency(schedule.gross)}</td>
              </tr>
            </tbody>
          </Table>
        </div>
      </section>
    </Card>
  );
};
