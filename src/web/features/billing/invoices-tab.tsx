import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { INVOICE_FILTER_STATUSES, INVOICE_PAGE_SIZE, type InvoiceStatus } from '../../../domain/billing';
import type { Invoice } from '../../../domain/billing-schemas';
import { downloadMonthEi, useDownloadInvoicePdf, useInvoices } from '../../api/billing';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ReceiptIcon, SearchIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { SelectField } from '../../ui/form-fields';
import { LoadError } from '../../ui/load-error';
import { SearchBox } from '../../ui/search-box';
import { LOAD_FAILED } from './billing-messages';
import { invoiceStatusLabel } from './billing-display';
import { InvoicesTable } from './invoices-table';
import { Pagination } from '../../ui/pagination';
import { CreditNoteModal } from './credit-note-modal';
import { InvoiceDetailModal } from './invoice-detail-modal';
import { StatementModal } from './statement-modal';
import { RecordPaymentModal } from './record-payment-modal';
import { VoidInvoiceModal } from './void-invoice-modal';
import { SendInvoiceModal } from './send-invoice-modal';

export const InvoicesTab = () => {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const invoices = useInvoices({
    page,
    limit: INVOICE_PAGE_SIZE,
    status: status || undefined,
    search: query || undefined,
    date_from: dateFrom || undefined,
    date_to: dateTo || undefined,
  });
  const download = useDownloadInvoicePdf();
  const [sending, setSending] = useState<Invoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [viewing, setViewing] = useState<Invoice | null>(null);
  const [statementOf, setStatementOf] = useState<{ id: string; name: string } | null>(null);
  const [voiding, setVoiding] = useState<Invoice | null>(null);
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const [eiMonth, setEiMonth] = useState('');

  useEffect(() => {
    if (invoices.isError) toast.error(LOAD_FAILED, { id: 'billing-load' });
  }, [invoices.isError]);

  /** Any filter change starts again at page 1. */
  const filter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  const onDownload = (invoice: Invoice) =>
    download.mutate(invoice, {
      onSuccess: () => toast.success('PDF downloaded'),
      onError: () => toast.error('Failed to download PDF'),
    });

  const filtered = Boolean(search.trim() || status || dateFrom || dateTo);
  let content;
  if (invoices.isPending) {
    content = (
      <div className="flex justify-center py-16 text-blue-600">
        <Spinner className="size-8" label="Loading invoices…" />
      </div>
    );
  } else if (invoices.isError && !invoices.data) {
    content = <LoadError title={LOAD_FAILED} error={invoices.error} retrying={invoices.isFetching} onRetry={() => invoices.refetch()} />;
  } else if (invoices.data.invoices.length === 0) {
    content = filtered ? (
      <EmptyState icon={<SearchIcon />} title="No invoices match these filters" description="Try another search, status or date range." />
    ) : (
      <EmptyState icon={<ReceiptIcon />} title="No invoices yet" description="Create an invoice from an approved order to start billing." />
    );
  } else {
    const { pagination } = invoices.data;
    content = (
      <>
        <InvoicesTable
          invoices={invoices.data.invoices}
          downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
          onDownload={onDownload}
          onSend={setSending}
          onPay={setPaying}
          onDetails={setViewing}
          onVoid={setVoiding}
          onCredit={setCrediting}
        />
        <Pagination page={pagination.page} totalPages={pagination.totalPages} total={pagination.total} limit={pagination.limit} onPage={setPage} />
      </>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 lg:flex-row lg:items-end lg:justify-between">
        <SearchBox
          label="Search invoices"
          value={search}
          onChange={filter(setSearch)}
          placeholder="Invoice number, order, brand or customer"
          className="w-full lg:w-80"
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField label="Status" value={status} onChange={(event) => filter(setStatus)(event.target.value as InvoiceStatus | '')}>
            <option value="">All statuses</option>
            {INVOICE_FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {invoiceStatusLabel(s)}
              </option>
            ))}
          </SelectField>
          <TextField label="Issued from" type="date" value={dateFrom} max={dateTo || undefined} onChange={(event) => filter(setDateFrom)(event.target.value)} />
          <TextField label="Issued to" type="date" value={dateTo} min={dateFrom || undefined} onChange={(event) => filter(setDateTo)(event.target.value)} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
        <TextField label="Broadcast month" type="month" value={eiMonth} onChange={(event) => setEiMonth(event.target.value)} />
        <Button
          variant="secondary"
          size="sm"
          disabled={!/^\d{4}-\d{2}$/.test(eiMonth)}
          onClick={() =>
            downloadMonthEi(eiMonth).then(
              () => toast.success('EI file downloaded'),
              () => toast.error('Failed to download the EI file'),
            )
          }
        >
          EI file (month)
        </Button>
      </div>
      <div className="relative">
        {invoices.isFetching && !invoices.isPending && (
          <div className="absolute right-4 top-2 text-blue-600">
            <Spinner className="size-4" label="Updating invoices" />
          </div>
        )}
        {content}
      </div>
      <SendInvoiceModal invoice={sending} onClose={() => setSending(null)} />
      <RecordPaymentModal invoice={paying} onClose={() => setPaying(null)} />
      <InvoiceDetailModal
        invoice={viewing}
        onClose={() => setViewing(null)}
        onStatement={(invoice) => {
          setViewing(null);
          setStatementOf({ id: invoice.customer_id, name: invoice.customer_name ?? invoice.customer_email ?? 'this customer' });
        }}
      />
      {statementOf && (
        <StatementModal owner={{ customerId: statementOf.id }} title={`Statement for ${statementOf.name}`} onClose={() => setStatementOf(null)} />
      )}
      <VoidInvoiceModal invoice={voiding} onClose={() => setVoiding(null)} />
      <CreditNoteModal invoice={crediting} onClose={() => setCrediting(null)} />
    </>
  );
};
