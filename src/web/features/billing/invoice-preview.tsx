import { formatCurrency } from '../../../domain/format';
import type { InvoicePreview as Preview } from '../../../domain/invoice-preview-schemas';
import { useInvoicePreview, type InvoicePreviewRequest } from '../../api/billing-preview';
import { useDebouncedValue } from '../../ui/use-debounced-value';

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <div className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : 'text-slate-700'}`}>
    <dt>{label}</dt>
    <dd className="tabular-nums">{value}</dd>
  </div>
);

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;

const Amounts = ({ preview }: { preview: Preview }) => (
  <dl className="text-sm">
    <Row label="Subtotal" value={formatCurrency(preview.subtotal)} />
    <Row label="Discount" value={preview.discount_amount > 0 ? `−${formatCurrency(preview.discount_amount)}` : formatCurrency(0)} />
    <Row label={`Tax (${percent(preview.tax_rate)})`} value={formatCurrency(preview.tax_amount)} />
    <Row label="Total" value={formatCurrency(preview.total_amount)} strong />
    {preview.commission_amount > 0 && (
      <>
        <Row label="Agency commission" value={`−${formatCurrency(preview.commission_amount)}`} />
        <Row label="Amount due" value={formatCurrency(preview.amount_due)} strong />
      </>
    )}
  </dl>
);

/** What the invoice will bill, from the server's own rules, updated as the form changes. */
export const InvoicePreviewPanel = ({ request }: { request: InvoicePreviewRequest | null }) => {
  const settled = useDebouncedValue(request, 300);
  const preview = useInvoicePreview(settled);
  return (
    <section aria-labelledby="invoice-preview-heading" aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id="invoice-preview-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Invoice preview
      </h3>
      {!request ? (
        <p className="text-sm text-slate-600">Choose an order to see the invoice's total.</p>
      ) : preview.isError ? (
        <p className="text-sm text-red-700">{preview.error.message}</p>
      ) : preview.data ? (
        <Amounts preview={preview.data} />
      ) : (
        <p className="text-sm text-slate-600">Working out the total…</p>
      )}
    </section>
  );
};
