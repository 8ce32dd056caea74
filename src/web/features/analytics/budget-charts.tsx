import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, DONUT_COLORS, donutSlices, type BudgetReply } from '../../../domain/analytics';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, axisTitle, shortDate, tooltipDollars } from '../../ui/chart-format';

interface Props {
  data: BudgetReply | undefined;
  loading: boolean;
  error: boolean;
}

const RADIAN = Math.PI / 180;
/** A slice's share below which its value is left to the legend and tooltip (no room in the ring). */
const MIN_LABELLED_SHARE = 0.08;

interface SliceLabelProps {
  cx?: number;
  cy?: number;
  midAngle?: number;
  innerRadius?: number;
  outerRadius?: number;
  percent?: number;
  value?: number;
}

/**
 * A slice's value inside the ring, on the slice itself: never cut off by the card's edge nor over
 * the legend, as labels outside the ring were (issue 29, item 8). Slices too thin say it in the legend.
 */
const SliceLabel = ({ cx = 0, cy = 0, midAngle = 0, innerRadius = 0, outerRadius = 0, percent = 0, value = 0 }: SliceLabelProps) => {
  // An element, not null: recharts draws its own (empty) label for anything else.
  if (percent < MIN_LABELLED_SHARE) return <g />;
  const radius = (innerRadius + outerRadius) / 2;
  const x = cx + radius * Math.cos(-midAngle * RADIAN);
  const y = cy + radius * Math.sin(-midAngle * RADIAN);
  return (
    <text
      x={x}
      y={y}
      className="recharts-pie-label-text"
      fill="#ffffff"
      stroke="#0f172a"
      strokeOpacity={0.35}
      strokeWidth={2}
      paintOrder="stroke"
      fontSize={12}
      fontWeight={600}
      textAnchor="middle"
      dominantBaseline="central"
    >
      {axisDollars(Number(value))}
    </text>
  );
};

/** Where submitted budgets go: each order's budget split between its dayparts. */
export const BudgetByDaypart = ({ data, loading, error }: Props) => {
  const rows = data?.daypart_allocation ?? [];
  const slices = donutSlices(rows.map((r) => ({ name: r.daypart_name, value: r.allocated_budget })));
  return (
    <ChartCard
      title="Budget by Daypart"
      description="Submitted budgets"
      loading={loading}
      error={error}
      empty={rows.length === 0 ? 'No submitted orders in this period yet.' : null}
    >
      <ResponsiveContainer width="100%" height={320}>
        <PieChart>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius={52}
            outerRadius={96}
            paddingAngle={2}
            label={SliceLabel}
            labelLine={false}
            isAnimationActive={false}
          >
            {slices.map((slice, i) => (
              <Cell key={slice.name} fill={DONUT_COLORS[i]} />
            ))}
          </Pie>
          <Tooltip formatter={tooltipDollars} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => `${String(name)}: ${tooltipDollars(slices.find((s) => s.name === name)?.value ?? 0)}`} />
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
