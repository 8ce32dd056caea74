import type { Invoice } from '../../../domain/billing-schemas';
import { broadcastMonthOf } from '../../../domain/broadcast-calendar';
import { formatCurrency } from '../../../domain/format';
import { useInvoice } from '../../api/billing';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { formatDay } from '../orders/order-display';
import { invoiceStatusLabel } from './billing-display';

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(4))}%`;

/** One invoice: its lines (spots × cost per spot for billing on delivery), the amounts, and an agency's commission and net due. */
export const InvoiceDetailModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? (
    <Modal open onClose={onClose} title={`Invoice ${invoice.invoice_number}`} size="lg" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      <InvoiceDetailBody id={invoice.id} />
    </Modal>
  ) : null;

const InvoiceDetailBody = ({ id }: { id: string }) => {
  const detail = useInvoice(id);
  if (detail.isPending) return <Spinner className="size-5" />;
  if (detail.isError) return <ErrorAlert>Failed to load billing data</ErrorAlert>;
  const invoice = detail.data;
  const agency = invoice.commission_rate > 0;
  const rows: [string, string, boolean?][] = [
    ['Subtotal', formatCurrency(invoice.subtotal)],
    ['Discount', invoice.discount_amount > 0 ? `-${formatCurrency(invoice.discount_amount)}` : formatCurrency(0)],
    [`Tax (${percent(invoice.tax_rate)})`, formatCurrency(invoice.tax_amount)],
    ...(agency
      ? ([
          ['Gross', formatCurrency(invoice.total_amount), true],
          [`Agency commission (${percent(invoice.commission_rate)})`, `-${formatCurrency(invoice.commission_amount)}`],
          ['Net due', formatCurrency(invoice.net_amount), true],
        ] as [string, string, boolean?][])
      : ([['Total', formatCurrency(invoice.total_amount), true]] as [string, string, boolean?][])),
    ['Paid', formatCurrency(invoice.paid_amount)],
    ['Balance due', formatCurrency(invoice.balance_due), true],
  ];
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1">
        <dt className="text-slate-500">Customer</dt>
        <dd>{invoice.customer_name ?? '—'}</dd>
        <dt className="text-slate-500">Order</dt>
        <dd>{invoice.estimate_name || '—'}</dd>
        <dt className="text-slate-500">Billed</dt>
        <dd>
          {invoice.kind === 'broadcast_month' && invoice.period_start
            ? `${broadcastMonthOf(invoice.period_start).label} (${formatDay(invoice.period_start)} – ${formatDay(invoice.period_end)})`
            : invoice.kind === 'final'
              ? 'Final invoice: the rest of what aired'
              : 'Up front'}
        </dd>
        <dt className="text-slate-500">Status</dt>
        <dd>{invoiceStatusLabel(invoice.status)}</dd>
        <dt className="text-slate-500">Due</dt>
        <dd>{formatDay(invoice.due_date)}</dd>
      </dl>
      <table className="w-full text-left">
        <caption className="sr-only">Invoice lines</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 font-medium">Description</th>
            <th className="py-1 text-right font-medium">Qty</th>
            <th className="py-1 text-right font-medium">Unit</th>
            <th className="py-1 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoice.invoice_lines.map((line) => (
            <tr key={line.position}>
              <td className="py-1 pr-2">{line.description}</td>
              <td className="py-1 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 text-right tabular-nums">{formatCurrency(line.unit_price)}</td>
              <td className="py-1 text-right tabular-nums">{formatCurrency(line.amount)}</td>
            </tr>
          ))}
          {invoice.invoice_lines.length === 0 && (
            <tr>
              <td colSpan={4} className="py-1 text-slate-500">
                {invoice.lines.map((l) => l.daypart_name).join(', ') || '—'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <dl className="ml-auto grid w-72 grid-cols-2 gap-y-1">
        {rows.map(([label, value, bold]) => (
          <div key={label} className={`contents ${bold ? 'font-semibold text-slate-900' : ''}`}>
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};
