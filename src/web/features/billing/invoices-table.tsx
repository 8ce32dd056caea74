import { canOfferInvoiceActions } from '../../../domain/billing';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Table, Th } from '../../ui/table';
import { formatDay } from '../orders/order-display';
import { compactCell, compactHeader } from '../orders/table-styles';
import { INVOICE_STATUS_TONES, invoiceStatusLabel } from './billing-display';

interface InvoicesTableProps {
  invoices: readonly Invoice[];
  downloadingId: string | null;
  onDownload: (invoice: Invoice) => void;
  onSend: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
  /** Opens the invoice's details (lines, commission, net). */
  onOpen?: (invoice: Invoice) => void;
}

const money = `${compactCell} whitespace-nowrap text-right tabular-nums`;

export const InvoicesTable = ({ invoices, downloadingId, onDownload, onSend, onPay, onOpen }: InvoicesTableProps) => (
  <Table caption="Invoices">
    <thead className="bg-slate-50">
      <tr>
        <Th className={compactHeader}>Invoice</Th>
        <Th className={compactHeader}>Customer</Th>
        <Th className={compactHeader}>Brand</Th>
        <Th className={compactHeader}>Order</Th>
        <Th className={`${compactHeader} text-right`}>Total</Th>
        <Th className={`${compactHeader} text-right`}>Paid</Th>
        <Th className={`${compactHeader} text-right`}>Balance</Th>
        <Th className={compactHeader}>Status</Th>
        <Th className={compactHeader}>Due</Th>
        <Th className={`relative text-right ${compactHeader}`}>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100 bg-white">
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="hover:bg-slate-50">
          <td className={`${compactCell} whitespace-nowrap font-mono text-xs font-semibold text-slate-900`}>
            {onOpen ? (
              <button type="button" className="underline-offset-2 hover:underline" aria-label={`Details of ${invoice.invoice_number}`} onClick={() => onOpen(invoice)}>
                {invoice.invoice_number}
              </button>
            ) : (
              invoice.invoice_number
            )}
          </td>
          <td className={`${compactCell} max-w-52`}>
            <span className="block truncate font-medium text-slate-900">{invoice.customer_name ?? '—'}</span>
            {invoice.customer_email && <span className="block truncate text-xs text-slate-500">{invoice.customer_email}</span>}
          </td>
          <td className={`${compactCell} max-w-40 truncate`}>{invoice.brand_name ?? '—'}</td>
          <td className={`${compactCell} max-w-48 truncate`}>{invoice.estimate_name || '—'}</td>
          <td className={money}>{formatCurrency(invoice.total_amount)}</td>
          <td className={money}>{formatCurrency(invoice.paid_amount)}</td>
          <td className={`${money} font-medium text-slate-900`}>{formatCurrency(invoice.balance_due)}</td>
          <td className={compactCell}>
            <Badge tone={INVOICE_STATUS_TONES[invoice.status]}>{invoiceStatusLabel(invoice.status)}</Badge>
          </td>
          <td className={`${compactCell} whitespace-nowrap`}>{formatDay(invoice.due_date)}</td>
          <td className={`${compactCell} text-right`}>
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                className="px-2!"
                loading={downloadingId === invoice.id}
                aria-label={`Download PDF of ${invoice.invoice_number}`}
                onClick={() => onDownload(invoice)}
              >
                PDF
              </Button>
              {canOfferInvoiceActions(invoice.status) && (
                <>
                  <Button variant="secondary" size="sm" className="px-2.5!" aria-label={`Send ${invoice.invoice_number}`} onClick={() => onSend(invoice)}>
                    Send
                  </Button>
                  <Button variant="secondary" size="sm" className="px-2.5! whitespace-nowrap" aria-label={`Record payment for ${invoice.invoice_number}`} onClick={() => onPay(invoice)}>
                    Record Payment
                  </Button>
                </>
              )}
            </div>
          </td>
        </tr>
      ))}
    </tbody>
  </Table>
);
