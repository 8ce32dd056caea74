import toast from 'react-hot-toast';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useInvoice } from '../../api/billing';
import { useDownloadCreditNotePdf } from '../../api/billing-corrections';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { formatDay, formatTimestampDay } from '../orders/order-display';
import { INVOICE_STATUS_TONES } from './billing-display';

/** One invoice: its amounts (credits, refunds and refund due included), payments and credit notes. */
export const InvoiceDetailModal = ({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) =>
  invoice ? <InvoiceDetailContent key={invoice.id} invoice={invoice} onClose={onClose} /> : null;

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <div className="flex justify-between gap-4 py-1">
    <dt className="text-slate-500">{label}</dt>
    <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{value}</dd>
  </div>
);

const InvoiceDetailContent = ({ invoice: summary, onClose }: { invoice: Invoice; onClose: () => void }) => {
  const detail = useInvoice(summary.id);
  const download = useDownloadCreditNotePdf();
  const invoice = detail.data ?? summary;
  const payments = detail.data?.payments ?? [];
  const notes = detail.data?.credit_notes ?? [];

  return (
    <Modal open onClose={onClose} size="lg" title={`Invoice ${invoice.invoice_number}`} footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      <div className="space-y-5 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={INVOICE_STATUS_TONES[invoice.status]}>{invoice.status_label}</Badge>
          <span className="text-slate-600">
            {invoice.customer_name ?? invoice.customer_email} · {invoice.estimate_name || '—'} · issued {formatDay(invoice.issue_date)}, due {formatDay(invoice.due_date)}
          </span>
        </div>
        {invoice.void_reason && (
          <p className="rounded-lg bg-slate-50 p-3 text-slate-700">
            Voided {formatTimestampDay(invoice.voided_at)}: {invoice.void_reason}
          </p>
        )}
        <dl className="divide-y divide-slate-100 sm:max-w-sm">
          <Row label="Total" value={formatCurrency(invoice.total_amount)} strong />
          {invoice.commission_amount > 0 && <Row label="Agency commission" value={`-${formatCurrency(invoice.commission_amount)}`} />}
          {invoice.commission_amount > 0 && <Row label="Net due" value={formatCurrency(invoice.net_amount)} />}
          <Row label="Credited" value={formatCurrency(invoice.credited_amount)} />
          <Row label="Paid" value={formatCurrency(invoice.paid_amount)} />
          {invoice.refunded_amount > 0 && <Row label="Refunded" value={formatCurrency(invoice.refunded_amount)} />}
          <Row label="Balance due" value={formatCurrency(invoice.balance_due)} strong />
          {invoice.refund_due > 0 && <Row label="Refund due" value={formatCurrency(invoice.refund_due)} strong />}
        </dl>
        {detail.isPending ? (
          <Spinner className="size-5 text-blue-600" label="Loading invoice…" />
        ) : (
          <>
            <section>
              <h3 className="mb-1 font-semibold text-slate-900">Credit notes</h3>
              {notes.length === 0 ? (
                <p className="text-slate-500">No credit notes.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {notes.map((note) => (
                    <li key={note.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="font-mono text-xs font-semibold text-slate-900">{note.credit_number}</span> · {formatDay(note.issue_date)} · {note.reason}
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="tabular-nums font-medium">-{formatCurrency(note.amount)}</span>
                        <Button
                          variant="ghost"
                          size="sm"
                          loading={download.isPending && download.variables?.id === note.id}
                          aria-label={`Download PDF of ${note.credit_number}`}
                          onClick={() => download.mutate(note, { onSuccess: () => toast.success('PDF downloaded'), onError: () => toast.error('Failed to download PDF') })}
                        >
                          PDF
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className="mb-1 font-semibold text-slate-900">Payments and refunds</h3>
              {payments.length === 0 ? (
                <p className="text-slate-500">No payments yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {payments.map((p) => (
                    <li key={p.id} className="flex justify-between gap-2 py-2">
                      <span>
                        {formatDay(p.payment_date)} · {p.direction === 'refund' ? 'Refund' : 'Payment'}
                        {p.notes ? ` · ${p.notes}` : ''}
                      </span>
                      <span className="tabular-nums font-medium">{p.direction === 'refund' ? `-${formatCurrency(p.amount)}` : formatCurrency(p.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </Modal>
  );
};
