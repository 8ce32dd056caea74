import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Estimate } from '../../../domain/estimate-schemas';
import { formatCurrency } from '../../../domain/format';
import { paths } from '../../config/paths';
import { Table } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatDay, formatTimestampDay, ownerLabel, statusLabel, timeOf } from '../../ui/order-display';
import { StatusBadge } from './status-badge';
import { compactCell, compactHeader } from '../../ui/table-styles';

const sortValues = {
  name: (o: Estimate) => o.estimate_name,
  brand: (o: Estimate) => o.brand_name,
  status: (o: Estimate) => statusLabel(o.status),
  start: (o: Estimate) => o.start_date,
  end: (o: Estimate) => o.end_date,
  budget: (o: Estimate) => o.total_spend,
  weekly: (o: Estimate) => o.total_estimated_cost,
  owner: (o: Estimate) => ownerLabel(o),
  created: (o: Estimate) => timeOf(o.created_at),
};

/** A click anywhere on a row opens the order, unless it was on a link or button of its own. */
const fromControl = (event: MouseEvent) => (event.target as HTMLElement).closest('a, button, input, select, textarea') !== null;

export const OrdersTable = ({ orders }: { orders: readonly Estimate[] }) => {
  const navigate = useNavigate();
  const { rows, header } = useSortedTable(orders, sortValues, { key: 'created', direction: 'desc' }, compactHeader);

  return (
    <Table caption="Orders in progress">
      <thead className="bg-slate-50">
        <tr>
          {header('Order Name', 'name')}
          {header('Brand', 'brand')}
          {header('Status', 'status')}
          {header('Start Date', 'start')}
          {header('End Date', 'end')}
          {header('Budget', 'budget', 'text-right')}
          {header('Weekly Cost', 'weekly', 'text-right')}
          {header('Created By', 'owner')}
          {header('Created', 'created')}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((order) => {
          const href = paths.app.estimate.href(order.id);
          return (
            <tr
              key={order.id}
              className="cursor-pointer hover:bg-slate-50"
              onClick={(event) => {
                if (!fromControl(event)) navigate(href);
              }}
            >
              <td className={`${compactCell} font-medium`}>
                <Link to={href} className="rounded text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
                  {order.estimate_name || 'Untitled order'}
                </Link>
              </td>
              <td className={compactCell}>{order.brand_name ?? '—'}</td>
              <td className={compactCell}>
                <StatusBadge status={order.status} />
              </td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatDay(order.start_date)}</td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatDay(order.end_date)}</td>
              <td className={`${compactCell} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(order.total_spend)}</td>
              <td className={`${compactCell} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(order.total_estimated_cost)}</td>
              <td className={`${compactCell} max-w-56 truncate`} title={order.owner_email}>
                {ownerLabel(order)}
              </td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatTimestampDay(order.created_at)}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
