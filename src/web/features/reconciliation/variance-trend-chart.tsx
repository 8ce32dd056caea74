import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../../../domain/analytics';
import type { ReconciliationDashboard } from '../../../domain/reconciliation';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, shortDate, tooltipDollars } from '../../ui/chart-format';

/** Projected and actual spend of the campaigns reconciled each day, and their difference. */
export const VarianceTrendChart = ({ dashboard }: { dashboard: ReconciliationDashboard }) => {
  const points = dashboard.daily_trends;
  const empty = points.every((p) => p.projected_spend === 0 && p.actual_spend === 0);
  return (
    <ChartCard
      title="Daily Variance Trend"
      description={`Spend of the campaigns reconciled each day, last ${dashboard.timeframe} days`}
      loading={false}
      error={false}
      empty={empty ? `No campaigns reconciled in the last ${dashboard.timeframe} days.` : null}
    >
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => shortDate(d)} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={64} />
          <ReferenceLine y={0} stroke="#94a3b8" />
          <Tooltip labelFormatter={(d) => shortDate(String(d))} formatter={tooltipDollars} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Line type="monotone" dataKey="projected_spend" name="Projected Spend" stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="actual_spend" name="Actual Spend" stroke={CHART_COLORS[1]} strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="spend_variance" name="Variance" stroke={CHART_COLORS[2]} strokeWidth={2} strokeDasharray="4 3" dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
