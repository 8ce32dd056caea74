import type { PerformanceReply } from '../../../domain/analytics';
import { formatCount, formatCurrency } from '../../../domain/format';
import { Table } from '../../ui/table';
import { ChartCard } from '../../ui/chart-card';
import { useDashboardWords } from './dashboard-words';

interface Props {
  data: PerformanceReply | undefined;
  loading: boolean;
  error: boolean;
}

/** The five brands with the most booked revenue in the period. */
export const TopBrands = ({ data, loading, error }: Props) => {
  const rows = data?.brand_performance ?? [];
  const words = useDashboardWords();
  return (
    <ChartCard
      title="Top 5 Brands"
      description={words.brandsDescription}
      loading={loading}
      error={error}
      empty={rows.length === 0 ? 'No submitted orders in this period yet.' : null}
      className="lg:col-span-2"
    >
      <Table caption="Top 5 brands">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-3 font-medium">
              Brand
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Orders
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Approved
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {words.money}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Avg Order
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b, i) => (
            <tr key={`${b.brand_name}-${i}`} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-3 font-medium text-slate-900">{b.brand_name}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatCount(b.total_orders)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatCount(b.approved_orders)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatCurrency(b.total_revenue)}</td>
              <td className="py-2 text-right tabular-nums">{formatCurrency(b.avg_order_value)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ChartCard>
  );
};
