import toast from 'react-hot-toast';
import { PAYMENT_METHOD_LABELS } from '../../../domain/billing';
import type { Invoice, InvoiceDetail } from '../../../domain/billing-schemas';
import { broadcastMonthOf } from '../../../domain/broadcast-calendar';
import { formatCurrency } from '../../../domain/format';
import { useInvoice } from '../../api/billing';
import { useDownloadCreditNotePdf } from '../../api/billing-corrections';
import { ErrorAlert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { PdfButton } from '../../ui/pdf-button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table } from '../../ui/table';
import { formatDay, formatTimestampDay } from '../../ui/order-display';
import { INVOICE_STATUS_TONES } from './billing-display';

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(4))}%`;

/**
 * One invoice: what it bills (its lines: spots × cost per spot for billing on delivery), the
 * amounts (an agency's commission and net due, credits, refunds and refund due), payments and
 * credit notes.
 */
export const InvoiceDetailModal = ({
  invoice,
  onClose,
  onStatement,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onStatement?: (invoice: Invoice) => void;
}) =>
  invoice ? (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Invoice ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {onStatement && (
            <Button variant="secondary" onClick={() => onStatement(invoice)}>
              Customer statement
            </Button>
          )}
        </>
      }
    >
      <InvoiceDetailBody key={invoice.id} summary={invoice} />
    </Modal>
  ) : null;

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <div className="flex justify-between gap-4 py-1">
    <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-500'}>{label}</dt>
    <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{value}</dd>
  </div>
);

const billedPeriod = (invoice: Invoice) =>
  invoice.kind === 'broadcast_month' && invoice.period_start
    ? `${broadcastMonthOf(invoice.period_start).label} (${formatDay(invoice.period_start)} – ${formatDay(invoice.period_end)})`
    : invoice.kind === 'final'
      ? 'Final invoice: the rest of what aired'
      : 'Up front';

const InvoiceDetailBody = ({ summary }: { summary: Invoice }) => {
  const detail = useInvoice(summary.id);
  const invoice = detail.data ?? summary;
  const agency = invoice.commission_rate > 0;
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={INVOICE_STATUS_TONES[invoice.status]}>{invoice.status_label}</Badge>
        <span className="text-slate-600">
          {invoice.customer_name ?? invoice.customer_email} · {invoice.estimate_name || '—'} · {billedPeriod(invoice)} · issued {formatDay(invoice.issue_date)},
          due {formatDay(invoice.due_date)}
        </span>
      </div>
      {invoice.void_reason && (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-700">
          Voided {formatTimestampDay(invoice.voided_at)}: {invoice.void_reason}
        </p>
      )}
      {detail.isPending ? (
        <Spinner className="size-5 text-blue-600" label="Loading invoice…" />
      ) : detail.isError ? (
        <ErrorAlert>Failed to load billing data</ErrorAlert>
      ) : (
        <>
          <BillTo invoice={detail.data} />
          <InvoiceLines invoice={detail.data} />
        </>
      )}
      <dl className="divide-y divide-slate-100 sm:ml-auto sm:max-w-sm">
        <Row label="Subtotal" value={formatCurrency(invoice.subtotal)} />
        {invoice.discount_amount > 0 && <Row label="Discount" value={`-${formatCurrency(invoice.discount_amount)}`} />}
        <Row label={`Tax (${percent(invoice.tax_rate)})`} value={formatCurrency(invoice.tax_amount)} />
        <Row label={agency ? 'Gross' : 'Total'} value={formatCurrency(invoice.total_amount)} strong />
        {agency && <Row label={`Agency commission (${percent(invoice.commission_rate)})`} value={`-${formatCurrency(invoice.commission_amount)}`} />}
        {agency && <Row label="Net due" value={formatCurrency(invoice.net_amount)} strong />}
        {invoice.credited_amount > 0 && <Row label="Credited" value={`-${formatCurrency(invoice.credited_amount)}`} />}
        <Row label="Paid" value={formatCurrency(invoice.paid_amount)} />
        {invoice.refunded_amount > 0 && <Row label="Refunded" value={formatCurrency(invoice.refunded_amount)} />}
        <Row label="Balance due" value={formatCurrency(invoice.balance_due)} strong />
        {invoice.refund_due > 0 && <Row label="Refund due" value={formatCurrency(invoice.refund_due)} strong />}
      </dl>
      {detail.data && <Corrections invoice={detail.data} />}
    </div>
  );
};

const standsAlone = (line: InvoiceDetail['invoice_lines'][number]) => line.daypart_id === null && line.quantity === 1;

/** Who is billed, as the PDF prints it: the advertiser (ageing's and the statement's name), the postal address, the brand's legal name. */
const BillTo = ({ invoice }: { invoice: InvoiceDetail }) =>
  invoice.brand_legal_name || invoice.brand_address ? (
    <div>
      <h3 className="text-xs font-medium uppercase text-slate-500">Bill to</h3>
      <p className="font-medium text-slate-900">{invoice.customer_name ?? invoice.customer_email}</p>
      {invoice.brand_address && <p className="whitespace-pre-line text-slate-600">{invoice.brand_address}</p>}
      {invoice.brand_legal_name && invoice.brand_legal_name !== invoice.brand_name && (
        <p className="text-slate-600">
          Brand: {invoice.brand_name ?? invoice.brand_legal_name} ({invoice.brand_legal_name})
        </p>
      )}
    </div>
  ) : null;

const InvoiceLines = ({ invoice }: { invoice: InvoiceDetail }) => (
  <Table caption="Invoice lines">
    <thead className="text-xs uppercase text-slate-500">
      <tr>
        <th scope="col" className="py-1 font-medium">
          Description
        </th>
        <th scope="col" className="py-1 text-right font-medium">
          Qty
        </th>
        <th scope="col" className="py-1 text-right font-medium">
          Unit
        </th>
        <th scope="col" className="py-1 text-right font-medium">
          Amount
        </th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100">
      {invoice.invoice_lines.map((line) => (
        <tr key={line.position}>
          <td className="py-1 pr-2">{line.description}</td>
          {/* A line that stands alone (coupon, adjustment, credit, a whole order) has an amount only, as on the PDF. */}
          <td className="py-1 text-right tabular-nums">{standsAlone(line) ? '' : line.quantity}</td>
          <td className="py-1 text-right tabular-nums">{standsAlone(line) ? '' : formatCurrency(line.unit_price)}</td>
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
  </Table>
);

const Corrections = ({ invoice }: { invoice: InvoiceDetail }) => {
  const download = useDownloadCreditNotePdf();
  return (
    <>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">Credit notes</h3>
        {invoice.credit_notes.length === 0 ? (
          <p className="text-slate-500">No credit notes.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invoice.credit_notes.map((note) => (
              <li key={note.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-mono text-xs font-semibold text-slate-900">{note.credit_number}</span> · {formatDay(note.issue_date)} · {note.reason}
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums font-medium">-{formatCurrency(note.amount)}</span>
                  <PdfButton
                    documentNumber={note.credit_number}
                    loading={download.isPending && download.variables?.id === note.id}
                    onClick={() =>
                      download.mutate(note, { onSuccess: () => toast.success('PDF downloaded'), onError: () => toast.error('Failed to download PDF') })
                    }
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">Payments and refunds</h3>
        {invoice.payments.length === 0 ? (
          <p className="text-slate-500">No payments yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 py-2">
                <span>
                  {formatDay(p.payment_date)} · {p.direction === 'refund' ? 'Refund' : 'Payment'}
                  {p.method ? ` · ${PAYMENT_METHOD_LABELS[p.method]}` : ''}
                  {p.reference ? ` · Ref. ${p.reference}` : ''}
                  {p.notes ? ` · ${p.notes}` : ''}
                </span>
                <span className="tabular-nums font-medium">{p.direction === 'refund' ? `-${formatCurrency(p.amount)}` : formatCurrency(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
};
