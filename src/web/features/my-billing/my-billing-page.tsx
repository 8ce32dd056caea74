import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { INVOICE_PAGE_SIZE } from '../../../domain/billing';
import type { CreditNote } from '../../../domain/billing-corrections';
import type { Invoice } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { useDownloadMyCreditNotePdf, useDownloadMyInvoicePdf, useMyInvoices } from '../../api/my-billing';
import { Badge } from '../../ui/badge';
import { PdfButton } from '../../ui/pdf-button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ReceiptIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { shownFrom, Table, Th } from '../../ui/table';
import { INVOICE_STATUS_TONES } from '../billing/billing-display';
import { LOAD_FAILED } from '../billing/billing-messages';
import { Pagination } from '../../ui/pagination';
import { formatDay } from '../../ui/order-display';
import { LoadError } from '../../ui/load-error';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { StatementModal } from '../billing/statement-modal';
import { Button } from '../../ui/button';

const money = `${compactCell} whitespace-nowrap text-right tabular-nums`;
/** Column priority: the issue day and the credited amount have their own columns on wide screens (and in a phone's card). */
const WIDE = shownFrom('2xl');
const pdfToasts = { onSuccess: () => toast.success('PDF downloaded'), onError: () => toast.error('Failed to download PDF') };

const InvoicesTable = ({ invoices }: { invoices: readonly Invoice[] }) => {
  const download = useDownloadMyInvoicePdf();
  return (
    <Table caption="Your invoices">
      <thead className="bg-slate-50">
        <tr>
          <Th className={compactHeader}>Invoice</Th>
          <Th className={compactHeader}>Order</Th>
          <Th className={`${compactHeader} ${WIDE}`}>Issued</Th>
          <Th className={compactHeader}>Due</Th>
          <Th className={`${compactHeader} text-right`}>Total</Th>
          <Th className={`${compactHeader} text-right`}>Paid</Th>
          <Th className={`${compactHeader} ${WIDE} text-right`}>Credited</Th>
          <Th className={`${compactHeader} text-right`}>Balance</Th>
          <Th className={compactHeader}>Status</Th>
          {/* relative: the hidden label stays inside the table's scroller (a phone's page does not widen). */}
          <Th className={`relative ${compactHeader}`}>
            <span className="sr-only">PDF</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {invoices.map((invoice) => (
          <tr key={invoice.id} className="hover:bg-slate-50">
            <td className={`${compactCell} whitespace-nowrap font-mono text-xs font-semibold text-slate-900`}>{invoice.invoice_number}</td>
            <td className={`${compactCell} max-w-48 truncate`} title={invoice.estimate_name || undefined}>
              {invoice.estimate_name || '—'}
            </td>
            <td className={`${compactCell} ${WIDE} whitespace-nowrap`}>{formatDay(invoice.issue_date)}</td>
            <td className={`${compactCell} whitespace-nowrap`}>{formatDay(invoice.due_date)}</td>
            <td className={money}>{formatCurrency(invoice.total_amount)}</td>
            <td className={money}>{formatCurrency(invoice.paid_amount)}</td>
            <td className={`${money} ${WIDE}`}>{formatCurrency(invoice.credited_amount)}</td>
            <td className={`${money} font-medium text-slate-900`}>
              {formatCurrency(invoice.balance_due)}
              {invoice.refund_due > 0 && <span className="block text-xs font-normal text-purple-700">Refund due {formatCurrency(invoice.refund_due)}</span>}
            </td>
            <td className={compactCell}>
              <Badge tone={INVOICE_STATUS_TONES[invoice.status]}>{invoice.status_label}</Badge>
              {invoice.void_reason && <span className="mt-1 block max-w-48 truncate text-xs text-slate-500">Void: {invoice.void_reason}</span>}
            </td>
            <td className={`${compactCell} text-right`}>
              <PdfButton
                documentNumber={invoice.invoice_number}
                loading={download.isPending && download.variables?.id === invoice.id}
                onClick={() => download.mutate(invoice, pdfToasts)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
};

const CreditNotesTable = ({ notes }: { notes: readonly CreditNote[] }) => {
  const download = useDownloadMyCreditNotePdf();
  return (
    <Table caption="Your credit notes">
      <thead className="bg-slate-50">
        <tr>
          <Th className={compactHeader}>Credit note</Th>
          <Th className={compactHeader}>Invoice</Th>
          <Th className={compactHeader}>Issued</Th>
          <Th className={`${compactHeader} text-right`}>Amount</Th>
          <Th className={compactHeader}>Reason</Th>
          {/* relative: the hidden label stays inside the table's scroller (a phone's page does not widen). */}
          <Th className={`relative ${compactHeader}`}>
            <span className="sr-only">PDF</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {notes.map((note) => (
          <tr key={note.id} className="hover:bg-slate-50">
            <td className={`${compactCell} whitespace-nowrap font-mono text-xs font-semibold text-slate-900`}>{note.credit_number}</td>
            <td className={`${compactCell} whitespace-nowrap font-mono text-xs`}>{note.invoice_number}</td>
            <td className={`${compactCell} whitespace-nowrap`}>{formatDay(note.issue_date)}</td>
            <td className={money}>{formatCurrency(note.amount)}</td>
            <td className={`${compactCell} min-w-48`}>{note.reason}</td>
            <td className={`${compactCell} text-right`}>
              <PdfButton
                documentNumber={note.credit_number}
                loading={download.isPending && download.variables?.id === note.id}
                onClick={() => download.mutate(note, pdfToasts)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
};

/** Billing for advertisers (read-only): their invoices with balances and statuses, and their credit notes. */
export const MyBillingPage = () => {
  const [page, setPage] = useState(1);
  const billing = useMyInvoices(page, INVOICE_PAGE_SIZE);
  const [statementOpen, setStatementOpen] = useState(false);

  useEffect(() => {
    if (billing.isError) toast.error(LOAD_FAILED, { id: 'my-billing-load' });
  }, [billing.isError]);

  let content;
  if (billing.isPending) {
    content = (
      <Card>
        <div className="flex justify-center py-16 text-blue-600">
          <Spinner className="size-8" label="Loading your invoices…" />
        </div>
      </Card>
    );
  } else if (billing.isError && !billing.data) {
    content = (
      <Card>
        <LoadError title={LOAD_FAILED} error={billing.error} retrying={billing.isFetching} onRetry={() => billing.refetch()} />
      </Card>
    );
  } else if (billing.data.invoices.length === 0 && billing.data.credit_notes.length === 0) {
    content = (
      <Card>
        <EmptyState icon={<ReceiptIcon />} title="No invoices yet" description="Invoices for your approved orders appear here, with what is due and when." />
      </Card>
    );
  } else {
    const { invoices, credit_notes: notes, pagination } = billing.data;
    content = (
      <div className="space-y-6">
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Invoices</h2>
          {invoices.length === 0 ? <p className="p-4 text-sm text-slate-500">No invoices on this page.</p> : <InvoicesTable invoices={invoices} />}
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            total={pagination.total}
            limit={pagination.limit}
            onPage={setPage}
            label="Invoice pages"
          />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Credit notes</h2>
          {notes.length === 0 ? <p className="p-4 text-sm text-slate-500">No credit notes.</p> : <CreditNotesTable notes={notes} />}
        </Card>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your invoices, what is due and when, and credit notes."
        actions={
          <Button variant="secondary" onClick={() => setStatementOpen(true)}>
            Statement
          </Button>
        }
      />
      {content}
      {statementOpen && <StatementModal owner="mine" title="Your statement" onClose={() => setStatementOpen(false)} />}
    </>
  );
};
