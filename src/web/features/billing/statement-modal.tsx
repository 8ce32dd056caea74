import { useState } from 'react';
import toast from 'react-hot-toast';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS } from '../../../domain/billing-corrections';
import { formatCurrency } from '../../../domain/format';
import { signedCurrency as signed, STATEMENT_LINE_LABELS, statementPdfFilename, type Statement } from '../../../domain/statement';
import { serverMessage } from '../../api/client';
import { useDownloadStatementPdf, useStatement, type StatementOwner, type StatementPeriodInput } from '../../api/statements';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table, Th } from '../../ui/table';
import { TextField } from '../../ui/text-field';
import { formatDay } from '../../ui/order-display';
import { compactCell, compactHeader } from '../../ui/table-styles';

const money = `${compactCell} whitespace-nowrap text-right tabular-nums`;

/** Every term of the closing balance, so that it can be checked: opening + invoiced − payments − credits + refunds − voided. */
const Totals = ({ statement }: { statement: Statement }) => {
  const { totals } = statement;
  const rows: [string, string, boolean?][] = [
    ['Opening balance', signed(statement.opening_balance)],
    ['Invoiced', formatCurrency(totals.invoiced)],
    ['Payments', signed(-totals.payments)],
    ['Credits', signed(-totals.credits)],
    ['Refunds', formatCurrency(totals.refunds)],
    ['Voided', signed(-totals.voided)],
    ['Closing balance', signed(statement.closing_balance), true],
  ];
  return (
    <dl className="ml-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value, bold]) => (
        <div key={label} className={`contents ${bold ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
          <dt>{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
};

const Lines = ({ statement }: { statement: Statement }) =>
  statement.lines.length === 0 ? (
    <p className="text-sm text-slate-500">Nothing happened on the account in this period.</p>
  ) : (
    <Table caption="Statement lines">
      <thead className="bg-slate-50">
        <tr>
          <Th className={compactHeader}>Date</Th>
          <Th className={compactHeader}>Entry</Th>
          <Th className={compactHeader}>Details</Th>
          <Th className={`${compactHeader} text-right`}>Amount</Th>
          <Th className={`${compactHeader} text-right`}>Balance</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {statement.lines.map((line, index) => (
          <tr key={index}>
            <td className={`${compactCell} whitespace-nowrap`}>{formatDay(line.date)}</td>
            <td className={compactCell}>
              {STATEMENT_LINE_LABELS[line.kind]}
              <span className="block whitespace-nowrap font-mono text-xs text-slate-500">{line.invoice_number}</span>
            </td>
            <td className={`${compactCell} break-words`}>
              {line.reference && line.reference !== line.invoice_number ? `${line.reference} · ${line.description}` : line.description}
            </td>
            <td className={money}>{signed(line.amount)}</td>
            <td className={`${money} font-medium`}>{signed(line.balance)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );

/** An agency's orders on several channels, grouped (decision 053): shown once a statement spans two channels. */
const ByChannel = ({ statement }: { statement: Statement }) =>
  statement.channels.length < 2 ? null : (
    <Table caption="By channel">
      <thead className="bg-slate-50">
        <tr>
          <Th className={compactHeader}>Channel</Th>
          <Th className={`${compactHeader} text-right`}>Opening</Th>
          <Th className={`${compactHeader} text-right`}>Invoiced</Th>
          <Th className={`${compactHeader} text-right`}>Closing</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {statement.channels.map((c) => (
          <tr key={c.channel_id}>
            <td className={compactCell}>{c.channel}</td>
            <td className={money}>{signed(c.opening_balance)}</td>
            <td className={money}>{formatCurrency(c.invoiced)}</td>
            <td className={`${money} font-medium`}>{signed(c.closing_balance)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );

const Ageing = ({ statement }: { statement: Statement }) => (
  <div>
    <h3 className="mb-1 text-sm font-semibold text-slate-900">Owed on {formatDay(statement.period_end)}, by days past due</h3>
    <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6">
      {[...AGEING_BUCKETS.map((b) => [AGEING_BUCKET_LABELS[b], statement.ageing[b]] as const), ['Total owed', statement.ageing.total] as const].map(
        ([label, amount]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatCurrency(amount)}</dd>
          </div>
        ),
      )}
    </dl>
  </div>
);

/** An account statement for a period (the month so far unless changed), with its PDF. */
export const StatementModal = ({ owner, title, onClose }: { owner: StatementOwner; title: string; onClose: () => void }) => {
  const [period, setPeriod] = useState<StatementPeriodInput>({});
  const statement = useStatement(owner, period);
  const download = useDownloadStatementPdf();
  const data = statement.data;

  const onDownload = () =>
    data &&
    download.mutate(
      { owner, period: { from: data.period_start, to: data.period_end }, filename: statementPdfFilename(data.customer.name, data.period_end) },
      { onSuccess: () => toast.success('PDF downloaded'), onError: () => toast.error('Failed to download PDF') },
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onDownload} loading={download.isPending} disabled={!data}>
            Download PDF
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="From"
            type="date"
            value={period.from ?? data?.period_start ?? ''}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value || undefined }))}
          />
          <TextField
            label="To"
            type="date"
            value={period.to ?? data?.period_end ?? ''}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value || undefined }))}
          />
        </div>
        {statement.isError && (
          <p role="alert" className="text-sm text-red-700">
            {serverMessage(statement.error, 'Failed to load the statement')}
          </p>
        )}
        {statement.isPending ? (
          <div className="flex justify-center py-8 text-blue-600">
            <Spinner className="size-6" label="Loading the statement…" />
          </div>
        ) : data ? (
          <>
            <p className="text-sm text-slate-600">
              {data.customer.name} · {formatDay(data.period_start)} – {formatDay(data.period_end)}
            </p>
            <Lines statement={data} />
            <Totals statement={data} />
            <ByChannel statement={data} />
            <Ageing statement={data} />
          </>
        ) : null}
      </div>
    </Modal>
  );
};
