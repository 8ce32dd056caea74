import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, periodStart, trendWindowNote, type RevenueTrendsReply } from '../../../domain/analytics';
import { formatCount } from '../../../domain/format';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, axisTitle, shortDate, tooltipDollars } from '../../ui/chart-format';
import { stationToday } from '../../shared/station-time';
import { useDashboardWords } from './dashboard-words';

interface Props {
  data: RevenueTrendsReply | undefined;
  /** The dashboard's Period in days: its part of the 90 days is shaded. */
  period: number;
  loading: boolean;
  error: boolean;
}

/**
 * Booked revenue over the last 90 days, by day, week or month, with the approved orders behind it.
 * The specification fixes this window at 90 days whatever the Period (decision 033), so the card says
 * how the two meet and shades the Period's part of the 90 days (issue 44).
 */
export const RevenueTrendChart = ({ data, period, loading, error }: Props) => {
  const points = data?.revenue_trends ?? [];
  const granularity = data?.granularity ?? 'daily';
  const monthly = granularity === 'monthly';
  const words = useDashboardWords();
  const shadeFrom = periodStart(stationToday(), period, granularity);
  const shadeStart = shadeFrom === null ? undefined : points.find((p) => p.date >= shadeFrom)?.date;
  return (
    <ChartCard
      title={words.trendTitle}
      description={trendWindowNote(period, granularity)}
      loading={loading}
      error={error}
      empty={points.every((p) => p.revenue === 0) ? words.trendEmpty : null}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => shortDate(d, monthly)} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis yAxisId="revenue" tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={72} label={axisTitle(`${words.money} (USD)`)} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={44} label={axisTitle('Orders', 'y-right')} />
          <Tooltip
            labelFormatter={(d) => shortDate(String(d), monthly)}
            formatter={(value, name) => (name === 'Orders approved' ? formatCount(Number(value)) : tooltipDollars(value))}
          />
          {shadeStart !== undefined && points.length > 0 && (
            <ReferenceArea yAxisId="revenue" x1={shadeStart} x2={points[points.length - 1]!.date} fill="#3b82f6" fillOpacity={0.08} ifOverflow="extendDomain" />
          )}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="revenue"
            type="monotone"
            dataKey="revenue"
            name={words.money}
            stroke={CHART_COLORS[0]}
            strokeWidth={2}
            dot={false}
            animationDuration={1500}
          />
          <Line
            yAxisId="orders"
            type="monotone"
            dataKey="approved_orders"
            name="Orders approved"
            stroke={CHART_COLORS[1]}
            strokeWidth={2}
            dot={false}
            animationDuration={1500}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
