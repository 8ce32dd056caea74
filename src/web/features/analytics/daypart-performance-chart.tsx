import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type PerformanceReply } from '../../../domain/analytics';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, axisTitle, tooltipDollars } from '../../ui/chart-format';
import { useDashboardWords } from './dashboard-words';

interface Props {
  data: PerformanceReply | undefined;
  loading: boolean;
  error: boolean;
}

/** Booked revenue per daypart (each order's amount split by the weekly cost of its dayparts). */
export const DaypartPerformanceChart = ({ data, loading, error }: Props) => {
  const rows = data?.daypart_performance ?? [];
  const words = useDashboardWords();
  return (
    <ChartCard
      title="Daypart Performance"
      description={words.daypartDescription}
      loading={loading}
      error={error}
      empty={rows.length === 0 ? 'No booked orders in this period yet.' : null}
    >
      <ResponsiveContainer width="100%" height={Math.max(240, rows.length * 36 + 24)}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 16, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" tickFormatter={axisDollars} tick={{ fontSize: 12 }} label={axisTitle(`${words.money} (USD)`, 'x')} />
          <YAxis type="category" dataKey="daypart_name" width={128} tick={{ fontSize: 12 }} />
          <Tooltip formatter={tooltipDollars} />
          <Bar dataKey="total_revenue" name={words.money} fill={CHART_COLORS[0]} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
