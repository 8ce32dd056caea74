import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ChannelPicker } from '../../ui/channel-picker';
import { AS_RUN_PROFILES, AS_RUN_PROFILE_TABLE, type AsRunProfileId } from '../../../domain/as-run-profiles';
import { useAsRunImports, useAsRunReport, useImportAsRun } from '../../api/as-run';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { formatTimestamp } from '../../ui/campaign-display';
import { AsRunReportView } from './as-run-report';

type Progress = { phase: 'uploading'; percent: number } | { phase: 'matching' } | null;

/**
 * As-run (admins): upload what master control reports having aired (CSV or BXF), then read the
 * import's report; earlier imports stay listed with their reports.
 */
export const AsRunScreen = () => {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [closeDay, setCloseDay] = useState(false);
  const [profile, setProfile] = useState<AsRunProfileId>('auto');
  const [channelId, setChannelId] = useState<string | undefined>(undefined);
  const imports = useAsRunImports();
  const report = useAsRunReport(shown);
  const importAsRun = useImportAsRun();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose an as-run file (CSV or BXF) first');
    setError(null);
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const result = await importAsRun(
        file,
        (loaded, total) => setProgress(loaded >= total ? { phase: 'matching' } : { phase: 'uploading', percent: Math.round((loaded / total) * 100) }),
        closeDay,
        profile,
        channelId,
      );
      setShown(result.import.id);
      if (result.duplicate) toast(result.message, { icon: 'ℹ️' });
      else toast.success(result.message);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <PageHeader
        title="As-run"
        description="Import what master control reports having aired; airings are matched to the traffic log, delivered and reconciled."
      />
      <Card className="mb-6 p-4 sm:p-6">
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="as-run-file" className="mb-1 block text-sm font-medium text-slate-700">
              As-run file (CSV or BXF)
            </label>
            <input
              ref={input}
              id="as-run-file"
              type="file"
              accept=".csv,.txt,.tsv,.log,.xml,.bxf,text/csv,text/plain,text/tab-separated-values,application/xml"
              className="text-sm"
              aria-describedby="as-run-format"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <div>
            <label htmlFor="as-run-profile" className="mb-1 block text-sm font-medium text-slate-700">
              Layout
            </label>
            <select
              id="as-run-profile"
              value={profile}
              onChange={(e) => setProfile(e.target.value as AsRunProfileId)}
              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            >
              {AS_RUN_PROFILES.map((id) => (
                <option key={id} value={id}>
                  {AS_RUN_PROFILE_TABLE[id].label}
                </option>
              ))}
            </select>
          </div>
          <ChannelPicker value={channelId} onChange={setChannelId} label="Channel (of rows that name none)" />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={closeDay} onChange={(e) => setCloseDay(e.target.checked)} className="size-4" />
            Close the day (every unreported spot of its days is missed)
          </label>
          <Button type="submit" loading={progress !== null} disabled={!file}>
            Import
          </Button>
          {progress && (
            <div className="flex min-w-60 items-center gap-3 text-sm text-slate-700" role="status">
              {progress.phase === 'uploading' ? (
                <>
                  <div
                    role="progressbar"
                    aria-label="Upload"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress.percent}
                    className="h-2 w-40 overflow-hidden rounded-full bg-slate-100"
                  >
                    <div className="h-full bg-blue-600" style={{ width: `${progress.percent}%` }} />
                  </div>
                  Uploading… {progress.percent}%
                </>
              ) : (
                <>
                  <Spinner className="size-4" /> Matching airings to the traffic log…
                </>
              )}
            </div>
          )}
        </form>
        <p id="as-run-format" className="mt-3 text-xs text-slate-500">
          Text: a header row naming date, time, house_code (or ISCI, Ad-ID, House Number, Cart), duration (or Length) and status, separated by commas,
          semicolons, tabs or pipes; times in the station's time zone unless they end in Z or an offset. Layout: Grass Valley iTX (tab-separated, Start Time in
          UTC) or Pebble Beach Marina (comma-separated, also without a header row). A row whose status is "End of Day" closes its day. BXF: AsRun events (Basic
          or Complete). Without "Close the day", only the scheduled spots between the file's first and last airing that it does not report become missed.
        </p>
        {error && (
          <p className="mt-3 text-sm text-red-600" role="alert">
            {error}
          </p>
        )}
      </Card>

      {shown &&
        (report.data ? (
          <div className="mb-6">
            <AsRunReportView report={report.data} />
          </div>
        ) : report.isPending ? (
          <Spinner className="mb-6 size-5" />
        ) : null)}

      <Card>
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Imports</h2>
        {imports.isPending ? (
          <p className="flex items-center gap-2 p-4 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading imports…
          </p>
        ) : imports.isError ? (
          <EmptyState
            tone="error"
            title="The imports could not be loaded"
            description={imports.error.message}
            action={<Button onClick={() => void imports.refetch()}>Try again</Button>}
          />
        ) : imports.data.length === 0 ? (
          <EmptyState title="No as-run imported yet" description="Import master control's as-run log of a broadcast day to see what aired." />
        ) : (
          <Table caption="As-run imports">
            <thead className="bg-slate-50">
              <tr>
                <Th>Imported</Th>
                <Th>File</Th>
                <Th>Rows</Th>
                <Th>Aired</Th>
                <Th>Missed</Th>
                <Th>Unmatched</Th>
                <Th>By</Th>
                <Th>
                  <span className="sr-only">Report</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {imports.data.map((imp) => (
                <tr key={imp.id} className={imp.id === shown ? 'bg-blue-50' : undefined}>
                  <td className={`${cellClasses} whitespace-nowrap`}>{formatTimestamp(imp.imported_at)}</td>
                  <td className={`${cellClasses} max-w-56 truncate`} title={imp.filename}>
                    {imp.filename} <span className="text-xs uppercase text-slate-500">{imp.format}</span>
                  </td>
                  <td className={cellClasses}>{imp.rows}</td>
                  <td className={cellClasses}>{imp.aired}</td>
                  <td className={cellClasses}>{imp.reported_missed + imp.closed_missed}</td>
                  <td className={cellClasses}>{imp.unmatched}</td>
                  <td className={`${cellClasses} max-w-40 truncate`}>{imp.imported_by ?? '—'}</td>
                  <td className={cellClasses}>
                    <Button variant="link" onClick={() => setShown(imp.id)} aria-label={`Show the report of ${imp.filename}`}>
                      Report
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
};
