import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type RevenueTrendsReply } from '../../../domain/analytics';
import { formatCount } from '../../../domain/format';
import { ChartCard } from './chart-card';
import { axisDollars, shortDate, tooltipDollars } from './chart-format';

interface Props {
  data: RevenueTrendsReply | undefined;
  loading: boolean;
  error: boolean;
}

/** Booked revenue over the last 90 days, by day, week or month, with the approved orders behind it. */
export const RevenueTrendChart = ({ data, loading, error }: Props) => {
  const points = data?.revenue_trends ?? [];
  const monthly = data?.granularity === 'monthly';
  return (
    <ChartCard
      title="Revenue Trend"
      description={`Last 90 days, ${data?.granularity ?? 'daily'}`}
      loading={loading}
      error={error}
      empty={points.every((p) => p.revenue === 0) ? 'No booked revenue in the last 90 days yet.' : null}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => shortDate(d, monthly)} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis yAxisId="revenue" tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={64} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <Tooltip
            labelFormatter={(d) => shortDate(String(d), monthly)}
            formatter={(value, name) => (name === 'Approved orders' ? formatCount(Number(value)) : tooltipDollars(value))}
          />
          <Line yAxisId="revenue" type="monotone" dataKey="revenue" name="Revenue" stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} animationDuration={1500} />
          <Line yAxisId="orders" type="monotone" dataKey="approved_orders" name="Approved orders" stroke={CHART_COLORS[1]} strokeWidth={2} dot={false} animationDuration={1500} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
