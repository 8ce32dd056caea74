import { unmatchedNote, type AsRunReport } from '../../../domain/as-run';
import { Card, StatCard } from '../../ui/card';
import { Table, Th, cellClasses } from '../../ui/table';
import { formatBroadcastDay } from '../../ui/traffic-display';

/** One import's outcome: its figures, then every row that matched nothing, with its line and reason. */
export const AsRunReportView = ({ report }: { report: AsRunReport }) => {
  const imp = report.import;
  return (
    <section aria-labelledby="as-run-report-heading" className="space-y-4">
      <div>
        <h2 id="as-run-report-heading" className="text-lg font-semibold text-slate-900">
          Report: {imp.filename}
        </h2>
        <p className="text-sm text-slate-600" role="status">
          {report.message}
          {imp.days.length > 0 && ` · ${imp.days.map(formatBroadcastDay).join(', ')}`}
        </p>
        {report.notice && (
          <p className="mt-2 text-sm text-amber-700" role="alert">
            {report.notice}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Rows" value={imp.rows} />
        <StatCard label="Aired" value={imp.aired} />
        <StatCard label="Missed" value={imp.reported_missed} />
        <StatCard label="Unmatched" value={imp.unmatched} />
        <StatCard label="Skipped" value={imp.skipped} />
        <StatCard label="Closed as missed" value={imp.closed_missed} />
      </div>
      <Card>
        {report.unmatched_rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{unmatchedNote(imp)}</p>
        ) : (
          <Table caption="Unmatched rows">
            <thead className="bg-slate-50">
              <tr>
                <Th>Line</Th>
                <Th>Date</Th>
                <Th>Time</Th>
                <Th>House code</Th>
                <Th>Reason</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.unmatched_rows.map((row) => (
                <tr key={row.line}>
                  <td className={cellClasses}>{row.line}</td>
                  <td className={`${cellClasses} whitespace-nowrap`}>{row.date}</td>
                  <td className={`${cellClasses} font-mono text-xs`}>{row.time}</td>
                  <td className={`${cellClasses} font-mono text-xs`}>{row.house_code}</td>
                  <td className={cellClasses}>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {report.unmatched_rows.length < imp.unmatched && (
          <p className="border-t border-slate-200 p-3 text-xs text-slate-500">
            The first {report.unmatched_rows.length} of {imp.unmatched} unmatched rows are shown.
          </p>
        )}
      </Card>
      <ChangeTable caption="Aired spots" rows={report.aired_spots} total={imp.aired} />
      <ChangeTable caption="Missed spots" rows={report.missed_spots} total={imp.reported_missed} />
      <ChangeTable caption="Skipped rows" rows={report.skipped_rows} total={imp.skipped} />
      <ChangeTable caption="Spots closed as missed (not reported)" rows={report.closed_spots} total={imp.closed_missed} />
    </section>
  );
};

/** What the import changed, spot by spot. */
const ChangeTable = ({ caption, rows, total }: { caption: string; rows: AsRunReport['aired_spots']; total: number }) =>
  rows.length === 0 ? null : (
    <Card>
      <Table caption={caption}>
        <thead className="bg-slate-50">
          <tr>
            <Th>Line</Th>
            <Th>Date</Th>
            <Th>Time</Th>
            <Th>House code</Th>
            <Th>Note</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, k) => (
            <tr key={`${row.line ?? 'closed'}-${row.spot_id ?? k}`}>
              <td className={cellClasses}>{row.line ?? '—'}</td>
              <td className={`${cellClasses} whitespace-nowrap`}>{row.date}</td>
              <td className={`${cellClasses} font-mono text-xs`}>{row.time}</td>
              <td className={`${cellClasses} font-mono text-xs`}>{row.house_code}</td>
              <td className={cellClasses}>{row.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.length < total && (
        <p className="border-t border-slate-200 p-3 text-xs text-slate-500">
          The first {rows.length} of {total} are shown.
        </p>
      )}
    </Card>
  );
