import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../../../domain/analytics';
import { TOP_BRANDS_CHART, type ReconciliationDashboard } from '../../../domain/reconciliation';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, tooltipDollars } from '../../ui/chart-format';

const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

/** Projected against actual spend of the first brands (the server orders them by projected spend). */
export const BrandVarianceChart = ({ dashboard }: { dashboard: ReconciliationDashboard }) => {
  const brands = dashboard.brand_variance.slice(0, TOP_BRANDS_CHART);
  return (
    <ChartCard
      title="Variance by Brand"
      description={`Projected versus actual spend, top ${TOP_BRANDS_CHART} brands`}
      loading={false}
      error={false}
      empty={brands.length === 0 ? `No campaigns reconciled in the last ${dashboard.timeframe} days.` : null}
    >
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={brands} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="brand_name"
            tickFormatter={shortName}
            tick={{ fontSize: 12 }}
            interval={0}
            angle={brands.length > 4 ? -30 : 0}
            textAnchor={brands.length > 4 ? 'end' : 'middle'}
            height={brands.length > 4 ? 60 : 30}
          />
          <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={64} />
          <Tooltip formatter={tooltipDollars} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Bar dataKey="projected_spend" name="Projected Spend" fill={CHART_COLORS[0]} radius={[4, 4, 0, 0]} />
          <Bar dataKey="actual_spend" name="Actual Spend" fill={CHART_COLORS[1]} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
