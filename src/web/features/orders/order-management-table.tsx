import { Link } from 'react-router';
import type { Estimate } from '../../../domain/estimate-schemas';
import { formatCurrency } from '../../../domain/format';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import { Button } from '../../ui/button';
import { shownFrom, Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatDay, formatTimestampDay, isAwaitingReview, ownerLabel, statusLabel, timeOf } from '../../ui/order-display';
import { StatusBadge } from './status-badge';
import { compactCell, compactHeader } from '../../ui/table-styles';

const sortValues = {
  name: (o: Estimate) => o.estimate_name,
  brand: (o: Estimate) => o.brand_name,
  client: (o: Estimate) => ownerLabel(o),
  status: (o: Estimate) => statusLabel(o.status),
  budget: (o: Estimate) => o.total_spend,
  start: (o: Estimate) => o.start_date,
  created: (o: Estimate) => timeOf(o.created_at),
};

interface OrderManagementTableProps {
  orders: readonly Estimate[];
  onChangeStatus: (order: Estimate) => void;
}

/** Column priority: a phone keeps the order, its status and the actions; the rest from wider screens on. */
const FROM_PHABLET = shownFrom('sm');
const FROM_TABLET = shownFrom('md');
const FROM_LAPTOP = shownFrom('lg');

/** Every order; those awaiting review stand out with an amber edge. */
export const OrderManagementTable = ({ orders, onChangeStatus }: OrderManagementTableProps) => {
  const { rows, header } = useSortedTable(orders, sortValues, { key: 'created', direction: 'desc' }, `whitespace-nowrap ${compactHeader}`);

  return (
    <Table caption="Orders">
      <thead className="bg-slate-50">
        <tr>
          {header('Order', 'name')}
          {header('Brand', 'brand', FROM_LAPTOP)}
          {header('Client', 'client', FROM_TABLET)}
          {header('Status', 'status')}
          {header('Budget', 'budget', `text-right ${FROM_PHABLET}`)}
          {header('Start', 'start', FROM_TABLET)}
          {header('Created', 'created', FROM_LAPTOP)}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((order) => {
          const name = order.estimate_name || 'Untitled order';
          const awaiting = isAwaitingReview(order.status);
          return (
            <tr key={order.id} className={awaiting ? 'bg-amber-50/60 hover:bg-amber-50' : 'hover:bg-slate-50'}>
              <td className={`${compactCell} border-l-4 font-medium ${awaiting ? 'border-l-amber-400' : 'border-l-transparent'}`}>
                <Link
                  to={paths.app.estimate.href(order.id)}
                  className="rounded text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {name}
                </Link>
                {awaiting && <span className="mt-0.5 block text-xs font-normal text-amber-700">Awaiting review</span>}
                {order.source === 'adcp' && (
                  <span className="mt-0.5 block text-xs font-normal text-violet-700" title="Bought by an AI buying agent over AdCP (decision 035)">
                    via AdCP{order.source_name ? ` · ${order.source_name}` : ''}
                  </span>
                )}
              </td>
              <td className={`${compactCell} ${FROM_LAPTOP}`}>{order.brand_name ?? '—'}</td>
              <td className={`${compactCell} ${FROM_TABLET} max-w-48`}>
                <span className="block truncate" title={order.owner_email}>
                  {ownerLabel(order)}
                </span>
                {ownerLabel(order) !== order.owner_email && <span className="block truncate text-xs text-slate-500">{order.owner_email}</span>}
              </td>
              <td className={compactCell}>
                <StatusBadge status={order.status} />
              </td>
              <td className={`${compactCell} ${FROM_PHABLET} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(order.total_spend)}</td>
              <td className={`${compactCell} ${FROM_TABLET} whitespace-nowrap`}>{formatDay(order.start_date)}</td>
              <td className={`${compactCell} ${FROM_LAPTOP} whitespace-nowrap`}>{formatTimestampDay(order.created_at)}</td>
              <td className={`${compactCell} text-right`}>
                {/* The actions wrap rather than push the table past the content area. */}
                <div className="ml-auto flex max-w-36 flex-wrap justify-end gap-1">
                  <Link to={paths.app.estimate.href(order.id)} aria-label={`View ${name}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    View
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Change status of ${name}`}
                    onClick={() => onChangeStatus(order)}
                    className="whitespace-nowrap"
                  >
                    Change Status
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
