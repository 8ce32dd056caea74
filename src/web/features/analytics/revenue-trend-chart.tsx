import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, REVENUE_TREND_DAYS, type RevenueTrendsReply } from '../../../domain/analytics';
import { formatCount } from '../../../domain/format';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, axisTitle, shortDate, tooltipDollars } from '../../ui/chart-format';
import { useDashboardWords } from './dashboard-words';

interface Props {
  data: RevenueTrendsReply | undefined;
  loading: boolean;
  error: boolean;
}

/**
 * Booked revenue over the last 90 days, by day, week or month, with the approved orders behind it.
 * The specification fixes this window at 90 days whatever the Period, so the card says so rather than
 * seeming to follow the Period (issue 29, item 9; decision 033).
 */
export const RevenueTrendChart = ({ data, loading, error }: Props) => {
  const points = data?.revenue_trends ?? [];
  const monthly = data?.granularity === 'monthly';
  const words = useDashboardWords();
  return (
    <ChartCard
      title={words.trendTitle}
      description={`Last ${REVENUE_TREND_DAYS} days, ${data?.granularity ?? 'daily'}, whatever the Period`}
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
