import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type ForecastReply } from '../../../domain/analytics';
import { countOf, formatCurrency } from '../../../domain/format';
import { ChartCard } from '../../ui/chart-card';
import { axisDollars, axisTitle, shortDate, tooltipDollars } from '../../ui/chart-format';
import { useDashboardWords } from './dashboard-words';

interface Props {
  data: ForecastReply | undefined;
  loading: boolean;
  error: boolean;
}

const TREND_STYLES = { up: 'bg-green-50 text-green-700', down: 'bg-red-50 text-red-700', stable: 'bg-slate-100 text-slate-700' } as const;

interface Point {
  week: string;
  revenue?: number;
  predicted?: number;
  band?: [number, number];
}

const pointsOf = (data: ForecastReply | undefined): Point[] => {
  const history = data?.historical_data ?? [];
  const forecast = data?.forecast ?? [];
  const points: Point[] = [
    ...history.map((h) => ({ week: h.week, revenue: h.revenue })),
    ...forecast.map((f) => ({
      week: f.week,
      predicted: f.predicted_revenue,
      ...(f.lower !== null && f.upper !== null && { band: [f.lower, f.upper] as [number, number] }),
    })),
  ];
  // The forecast line (and band) starts at the last real week so that the lines join.
  const last = history.at(-1);
  if (last && forecast.length > 0)
    points[history.length - 1] = {
      week: last.week,
      revenue: last.revenue,
      predicted: last.revenue,
      ...(forecast[0]?.lower != null && { band: [last.revenue, last.revenue] as [number, number] }),
    };
  return points;
};

/**
 * The last 12 weeks and the fitted line's next 4, with its 95 % band (decision 019). With too
 * little history the server says so and the forecast is the average week, without a band.
 */
export const RevenueForecastChart = ({ data, loading, error }: Props) => {
  const words = useDashboardWords();
  const history = data?.historical_data ?? [];
  const hasBand = (data?.forecast ?? []).some((f) => f.lower !== null);
  return (
    <ChartCard
      title={words.forecastTitle}
      description={words.forecastDescription}
      loading={loading}
      error={error}
      empty={history.every((h) => h.revenue === 0) ? words.forecastEmpty : null}
      className="lg:col-span-3"
    >
      {data && (
        <div className="mb-3 flex flex-col gap-1">
          <p className={`inline-flex self-start rounded-md px-3 py-1.5 text-sm ${TREND_STYLES[data.insights.trend]}`}>{data.insights.message}</p>
          {data.insights.enough_history && data.insights.standard_error !== null && (
            <p className="text-xs text-slate-600">
              {data.insights.model === 'seasonal'
                ? "Last year's same weeks, scaled by how this year compares"
                : `Straight-line fit of ${countOf(data.insights.history_weeks, 'week')}`}
              ; the shaded band is where 95% of weeks would fall (standard error {formatCurrency(data.insights.standard_error)} a week).
            </p>
          )}
        </div>
      )}
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={pointsOf(data)} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="week" tickFormatter={(w: string) => shortDate(w)} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={72} label={axisTitle(`${words.money} a week (USD)`)} />
          <Tooltip
            labelFormatter={(w) => `Week of ${shortDate(String(w))}`}
            formatter={(value) => (Array.isArray(value) ? `${tooltipDollars(value[0])} – ${tooltipDollars(value[1])}` : tooltipDollars(value))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {hasBand && <Area type="monotone" dataKey="band" name="95% band" stroke="none" fill={CHART_COLORS[4]} fillOpacity={0.15} isAnimationActive={false} />}
          <Line type="monotone" dataKey="revenue" name={words.money} stroke={CHART_COLORS[0]} strokeWidth={2} connectNulls={false} animationDuration={1500} />
          <Line type="monotone" dataKey="predicted" name="Forecast" stroke={CHART_COLORS[4]} strokeWidth={2} strokeDasharray="6 4" animationDuration={1500} />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
