import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type ForecastReply } from '../../../domain/analytics';
import { ChartCard } from './chart-card';
import { axisDollars, shortDate, tooltipDollars } from './chart-format';

interface Props {
  data: ForecastReply | undefined;
  loading: boolean;
  error: boolean;
}

const TREND_STYLES = { up: 'bg-green-50 text-green-700', down: 'bg-red-50 text-red-700', stable: 'bg-slate-100 text-slate-700' } as const;

/** The last 12 weeks of booked revenue and the trend line's next 4 weeks, with what it suggests. */
export const RevenueForecastChart = ({ data, loading, error }: Props) => {
  const history = data?.historical_data ?? [];
  const forecast = data?.forecast ?? [];
  // The forecast line starts at the last real week so that the two lines join.
  const last = history.at(-1);
  const points = [
    ...history.map((h) => ({ week: h.week, revenue: h.revenue, predicted: undefined as number | undefined })),
    ...forecast.map((f) => ({ week: f.week, revenue: undefined as number | undefined, predicted: f.predicted_revenue })),
  ];
  if (last && forecast.length > 0) points[history.length - 1] = { week: last.week, revenue: last.revenue, predicted: last.revenue };
  return (
    <ChartCard
      title="Revenue Forecast"
      description="Weekly revenue and the trend of the next 4 weeks"
      loading={loading}
      error={error}
      empty={history.every((h) => h.revenue === 0) ? 'A forecast appears once orders are booked.' : null}
      className="lg:col-span-3"
    >
      {data && (
        <p className={`mb-3 inline-flex self-start rounded-md px-3 py-1.5 text-sm ${TREND_STYLES[data.insights.trend]}`}>
          {data.insights.message}
        </p>
      )}
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="week" tickFormatter={(w: string) => shortDate(w)} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={64} />
          <Tooltip labelFormatter={(w) => `Week of ${shortDate(String(w))}`} formatter={tooltipDollars} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line type="monotone" dataKey="revenue" name="Revenue" stroke={CHART_COLORS[0]} strokeWidth={2} connectNulls={false} animationDuration={1500} />
          <Line type="monotone" dataKey="predicted" name="Forecast" stroke={CHART_COLORS[4]} strokeWidth={2} strokeDasharray="6 4" animationDuration={1500} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
