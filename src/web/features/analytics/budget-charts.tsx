import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type BudgetReply } from '../../../domain/analytics';
import { ChartCard } from './chart-card';
import { axisDollars, axisTitle, shortDate, tooltipDollars } from './chart-format';

interface Props {
  data: BudgetReply | undefined;
  loading: boolean;
  error: boolean;
}

/** Where submitted budgets go: each order's budget split between its dayparts. */
export const BudgetByDaypart = ({ data, loading, error }: Props) => {
  const rows = data?.daypart_allocation ?? [];
  return (
    <ChartCard title="Budget by Daypart" description="Submitted budgets" loading={loading} error={error} empty={rows.length === 0 ? 'No submitted orders in this period yet.' : null}>
      <ResponsiveContainer width="100%" height={320}>
        <PieChart>
          <Pie data={rows} dataKey="allocated_budget" nameKey="daypart_name" innerRadius={50} outerRadius={85} paddingAngle={2} label={({ value }) => axisDollars(Number(value))} labelLine={false}>
            {rows.map((row, i) => (
              <Cell key={row.daypart_name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={tooltipDollars} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => `${String(name)}: ${tooltipDollars(rows.find((r) => r.daypart_name === name)?.allocated_budget ?? 0)}`} />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};

/** Submitted budgets and order counts per month of the period. */
export const MonthlyBudgetTrends = ({ data, loading, error }: Props) => {
  const rows = data?.monthly_trends ?? [];
  return (
    <ChartCard
      title="Monthly Budget Trends"
      description="Submitted budgets per month"
      loading={loading}
      error={error}
      empty={rows.every((r) => r.order_count === 0) ? 'No submitted orders in this period yet.' : null}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="month" tickFormatter={(m: string) => shortDate(m, true)} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={72} label={axisTitle('Budget (USD)')} />
          <Tooltip labelFormatter={(m) => shortDate(String(m), true)} formatter={tooltipDollars} />
          <Bar dataKey="budgeted_amount" name="Budget" fill={CHART_COLORS[4]} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
