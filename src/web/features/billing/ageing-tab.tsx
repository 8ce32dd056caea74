import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS } from '../../../domain/billing-corrections';
import { formatCurrency } from '../../../domain/format';
import { useAgeingPages, useDownloadAgeingCsv } from '../../api/billing-corrections';
import { Button } from '../../ui/button';
import { LoadMore } from '../../ui/load-more';
import { EmptyState } from '../../ui/empty-state';
import { ReceiptIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { Table, Th } from '../../ui/table';
import { formatDay } from '../../ui/order-display';
import { LoadError } from '../../ui/load-error';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { StatementModal } from './statement-modal';

const AGEING_FAILED = 'Failed to load receivables ageing';
const money = `${compactCell} whitespace-nowrap text-right tabular-nums`;

/** Receivables ageing: open balances of sent and overdue invoices per advertiser, by days past due. */
export const AgeingTab = () => {
  const ageing = useAgeingPages();
  const exporting = useDownloadAgeingCsv();
  const [statementOf, setStatementOf] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (ageing.isError) toast.error(AGEING_FAILED, { id: 'ageing-load' });
  }, [ageing.isError]);

  const onExport = () =>
    exporting.mutate(undefined, {
      onSuccess: () => toast.success('Report downloaded successfully'),
      onError: () => toast.error('Failed to export report'),
    });

  let content;
  if (ageing.isPending) {
    content = (
      <div className="flex justify-center py-16 text-blue-600">
        <Spinner className="size-8" label="Loading receivables ageing…" />
      </div>
    );
  } else if (ageing.isError) {
    content = <LoadError title={AGEING_FAILED} error={ageing.error} retrying={ageing.isFetching} onRetry={() => ageing.refetch()} />;
  } else if (ageing.data.pages[0]!.rows.length === 0) {
    content = <EmptyState icon={<ReceiptIcon />} title="Nothing outstanding" description="No sent invoice has a balance due." />;
  } else {
    const rows = ageing.data.pages.flatMap((p) => p.rows);
    const { totals, pagination } = ageing.data.pages[0]!;
    content = (
      <>
        <Table caption="Receivables ageing">
          <thead className="bg-slate-50">
            <tr>
              <Th className={compactHeader}>Advertiser</Th>
              {AGEING_BUCKETS.map((b) => (
                <Th key={b} className={`${compactHeader} text-right whitespace-nowrap`}>
                  {AGEING_BUCKET_LABELS[b]}
                </Th>
              ))}
              <Th className={`${compactHeader} text-right`}>Total</Th>
              <Th className={`relative ${compactHeader}`}>
                <span className="sr-only">Statement</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row) => (
              <tr key={row.customer_id} className="hover:bg-slate-50">
                <td className={`${compactCell} max-w-56`}>
                  <span className="block truncate font-medium text-slate-900">{row.customer_name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {row.customer_email} · {row.invoices} {row.invoices === 1 ? 'invoice' : 'invoices'}
                  </span>
                </td>
                {AGEING_BUCKETS.map((b) => (
                  <td key={b} className={`${money} ${b !== 'current' && row[b] > 0 ? 'text-red-700' : ''}`}>
                    {formatCurrency(row[b])}
                  </td>
                ))}
                <td className={`${money} font-semibold text-slate-900`}>{formatCurrency(row.total)}</td>
                <td className={`${compactCell} text-right`}>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Statement for ${row.customer_name}`}
                    onClick={() => setStatementOf({ id: row.customer_id, name: row.customer_name })}
                  >
                    Statement
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-slate-50 font-semibold text-slate-900">
            <tr>
              <th scope="row" className={`${compactCell} text-left`}>
                Total
              </th>
              {AGEING_BUCKETS.map((b) => (
                <td key={b} className={money}>
                  {formatCurrency(totals[b])}
                </td>
              ))}
              <td className={money}>{formatCurrency(totals.total)}</td>
              <td />
            </tr>
          </tfoot>
        </Table>
        <LoadMore pages={ageing} label="Load more advertisers" summary={`${rows.length} of ${pagination?.total ?? rows.length} advertisers`} />
      </>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Open balances of sent invoices by days past due{ageing.data ? ` as of ${formatDay(ageing.data.pages[0]!.as_of)}` : ''}.
        </p>
        <Button variant="secondary" onClick={onExport} loading={exporting.isPending}>
          Export CSV
        </Button>
      </div>
      {content}
      {statementOf && (
        <StatementModal owner={{ customerId: statementOf.id }} title={`Statement for ${statementOf.name}`} onClose={() => setStatementOf(null)} />
      )}
    </>
  );
};
