import { canOfferInvoiceActions } from '../../../domain/billing';
import { canOfferCredit, canOfferVoid } from '../../../domain/billing-corrections';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import toast from 'react-hot-toast';
import { downloadInvoiceEi } from '../../api/billing';
import { PdfButton } from '../../ui/pdf-button';
import { shownFrom, Table, Th } from '../../ui/table';
import { formatDay } from '../../ui/order-display';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { INVOICE_STATUS_TONES, invoiceStatusLabel } from './billing-display';

interface InvoicesTableProps {
  invoices: readonly Invoice[];
  downloadingId: string | null;
  onDownload: (invoice: Invoice) => void;
  onSend: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
  /** Corrections (decision 013): details, void, credit note. */
  onDetails: (invoice: Invoice) => void;
  onVoid: (invoice: Invoice) => void;
  onCredit: (invoice: Invoice) => void;
}

const money = `${compactCell} whitespace-nowrap text-right tabular-nums`;
/**
 * Column priority, so that the actions stay in view from 1280 px on: brand, order and paid have their
 * own columns on wide screens (brand and order sit under the customer below that); a phone keeps the
 * invoice, balance, status and actions.
 */
const WIDE = shownFrom('2xl', false);
const WIDE_IN_CARD = shownFrom('2xl');
const FROM_PHABLET = shownFrom('sm');
const FROM_TABLET = shownFrom('md');

export const InvoicesTable = ({ invoices, downloadingId, onDownload, onSend, onPay, onDetails, onVoid, onCredit }: InvoicesTableProps) => (
  <Table caption="Invoices">
    <thead className="bg-slate-50">
      <tr>
        <Th className={compactHeader}>Invoice</Th>
        <Th className={`${compactHeader} ${FROM_TABLET}`}>Customer</Th>
        <Th className={`${compactHeader} ${WIDE}`}>Brand</Th>
        <Th className={`${compactHeader} ${WIDE}`}>Order</Th>
        <Th className={`${compactHeader} ${FROM_PHABLET} text-right`}>Total</Th>
        <Th className={`${compactHeader} ${WIDE_IN_CARD} text-right`}>Paid</Th>
        <Th className={`${compactHeader} text-right`}>Balance</Th>
        <Th className={compactHeader}>Status</Th>
        <Th className={`${compactHeader} ${FROM_TABLET}`}>Due</Th>
        <Th className={`relative text-right ${compactHeader}`}>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100 bg-white">
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="hover:bg-slate-50">
          <td className={`${compactCell} whitespace-nowrap`}>
            <Button
              variant="link"
              className="font-mono text-xs! font-semibold"
              aria-label={`Details of ${invoice.invoice_number}`}
              onClick={() => onDetails(invoice)}
            >
              {invoice.invoice_number}
            </Button>
          </td>
          <td className={`${compactCell} ${FROM_TABLET} max-w-44`}>
            <span className="block truncate font-medium text-slate-900" title={invoice.customer_name ?? undefined}>
              {invoice.customer_name ?? '—'}
            </span>
            {invoice.customer_email && (
              <span className="block truncate text-xs text-slate-500" title={invoice.customer_email}>
                {invoice.customer_email}
              </span>
            )}
            <span className="block truncate text-xs text-slate-500 2xl:hidden" title={`${invoice.brand_name ?? '—'} · ${invoice.estimate_name || '—'}`}>
              {invoice.brand_name ?? '—'} · {invoice.estimate_name || '—'}
            </span>
          </td>
          <td className={`${compactCell} ${WIDE} max-w-40 truncate`} title={invoice.brand_name ?? undefined}>
            {invoice.brand_name ?? '—'}
          </td>
          <td className={`${compactCell} ${WIDE} max-w-48 truncate`} title={invoice.estimate_name || undefined}>
            {invoice.estimate_name || '—'}
          </td>
          <td className={`${money} ${FROM_PHABLET}`}>{formatCurrency(invoice.total_amount)}</td>
          <td className={`${money} ${WIDE_IN_CARD}`}>{formatCurrency(invoice.paid_amount)}</td>
          <td className={`${money} font-medium text-slate-900`}>{formatCurrency(invoice.balance_due)}</td>
          <td className={compactCell}>
            <Badge tone={INVOICE_STATUS_TONES[invoice.status]}>{invoice.status_label || invoiceStatusLabel(invoice.status)}</Badge>
            {invoice.refund_due > 0 && (
              <span className="mt-1 block whitespace-nowrap text-xs text-purple-700">Refund due {formatCurrency(invoice.refund_due)}</span>
            )}
          </td>
          <td className={`${compactCell} ${FROM_TABLET} whitespace-nowrap`}>{formatDay(invoice.due_date)}</td>
          <td className={`${compactCell} text-right`}>
            <div className="ml-auto flex max-w-48 flex-wrap justify-end gap-1">
              <PdfButton documentNumber={invoice.invoice_number} loading={downloadingId === invoice.id} onClick={() => onDownload(invoice)} />
              <Button
                variant="ghost"
                size="sm"
                className="px-2! whitespace-nowrap"
                aria-label={`Download EI file of ${invoice.invoice_number}`}
                onClick={() =>
                  downloadInvoiceEi(invoice).then(
                    () => toast.success('EI file downloaded'),
                    () => toast.error('Failed to download the EI file'),
                  )
                }
              >
                EI file
              </Button>
              {canOfferInvoiceActions(invoice.status) && (
                <>
                  <Button variant="secondary" size="sm" className="px-2.5!" aria-label={`Send ${invoice.invoice_number}`} onClick={() => onSend(invoice)}>
                    Send
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="px-2.5! whitespace-nowrap"
                    aria-label={`Record payment for ${invoice.invoice_number}`}
                    onClick={() => onPay(invoice)}
                  >
                    Record Payment
                  </Button>
                </>
              )}
              {invoice.status === 'paid' && invoice.refund_due > 0 && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="px-2.5! whitespace-nowrap"
                  aria-label={`Record refund for ${invoice.invoice_number}`}
                  onClick={() => onPay(invoice)}
                >
                  Record Refund
                </Button>
              )}
              {canOfferCredit(invoice) && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2! whitespace-nowrap"
                  aria-label={`Issue credit note for ${invoice.invoice_number}`}
                  onClick={() => onCredit(invoice)}
                >
                  Credit
                </Button>
              )}
              {canOfferVoid(invoice) && (
                <Button variant="ghost" size="sm" className="px-2! text-red-600!" aria-label={`Void ${invoice.invoice_number}`} onClick={() => onVoid(invoice)}>
                  Void
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </tbody>
  </Table>
);
