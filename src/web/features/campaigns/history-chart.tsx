import type { HistoryDay } from '../../../domain/campaign-schemas';
import { countOf, formatCount, formatCurrency } from '../../../domain/format';
import { Table } from '../../ui/table';
import { formatCampaignDay } from '../../ui/campaign-display';

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const axisCount = (value: number) => compactCount.format(value);

/** Marks simulated airings (the Demo button, decision 052): counted in the figures, never certified or billed. */
export const SimulatedBadge = ({ count }: { count?: number | undefined }) => (
  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800" title="Simulated airings: never certified or billed">
    {count === undefined ? 'Simulated' : `${formatCount(count)} Simulated`}
  </span>
);

/**
 * Daily impressions as CSS bars (no chart library), oldest day on the left; each bar's title and
 * the table below give the figures.
 */
export const HistoryChart = ({ days }: { days: readonly HistoryDay[] }) => {
  const max = Math.max(0, ...days.map((d) => d.impressions));
  const aired = days.filter((d) => d.spots > 0);
  return (
    <div>
      <p className="mb-1 text-xs text-slate-600" aria-hidden="true">
        Impressions a day
      </p>
      <div className="flex gap-2">
        {/* The y-axis: the scale of the bars, top, middle and zero. */}
        <div className="flex h-40 w-12 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
          <span>{axisCount(max)}</span>
          <span>{axisCount(max / 2)}</span>
          <span>0</span>
        </div>
        <div className="flex h-40 min-w-0 flex-1 items-end gap-0.5 border-b border-l border-slate-200" aria-hidden="true">
          {days.map((day) => {
            const height = max > 0 ? Math.max(day.impressions > 0 ? 2 : 0, (day.impressions / max) * 100) : 0;
            return (
              <div
                key={day.date}
                className="flex h-full flex-1 items-end"
                title={`${formatCampaignDay(day.date)}: ${countOf(day.impressions, 'impression')}, ${formatCurrency(day.spend)}, ${countOf(day.spots, 'spot')}`}
              >
                <div className="w-full rounded-t bg-blue-500 hover:bg-blue-600" style={{ height: `${height}%` }} />
              </div>
            );
          })}
        </div>
      </div>
      {days.length > 0 && (
        <div className="mt-1 ml-14 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{formatCampaignDay(days[0]!.date, true)}</span>
          <span>{formatCampaignDay(days.at(-1)!.date, true)}</span>
        </div>
      )}
      {aired.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No airings in this period.</p>
      ) : (
        <div className="mt-4">
          <Table caption="Daily delivery">
            <thead className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Impressions
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Spend
                </th>
                <th scope="col" className="py-2 text-right">
                  Spots
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...aired].reverse().map((day) => (
                <tr key={day.date}>
                  <td className="py-2 pr-4">{formatCampaignDay(day.date)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCount(day.impressions)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCurrency(day.spend)}</td>
                  <td className="py-2 text-right tabular-nums">
                    {formatCount(day.spots)}
                    {day.simulated_spots > 0 && (
                      <span className="ml-2">
                        <SimulatedBadge count={day.simulated_spots === day.spots ? undefined : day.simulated_spots} />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
};
