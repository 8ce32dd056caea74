/**
 * "Import an agency order" on Orders (issue 42, decision 056): an AAAA Proposal XML becomes draft
 * orders, one per station; the panel shows each order's lines, spots and gross, the lines no daypart
 * holds and what the file had that was skipped, with the reason.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { countOf, formatCurrency } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useImportProposal, type ProposalImportReply } from '../../api/proposals';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { paths } from '../../config/paths';

export const ImportAgencyOrder = () => {
  const send = useImportProposal();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ProposalImportReply | null>(null);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await send(file));
    } catch (failure) {
      setResult(null);
      setError(serverMessage(failure, 'The file could not be imported'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Import an agency order</summary>
      <div className="mt-3 flex flex-col gap-3">
        <p className="text-sm text-slate-600">An AAAA Proposal XML (0.3.0.5, 0.3.0.5A or 0.3.0.5R) becomes one draft order per station.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label className="text-sm text-slate-700">
            <span className="sr-only">Proposal XML file</span>
            <input type="file" accept=".xml,application/xml,text/xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <Button onClick={() => void submit()} disabled={!file} loading={busy}>
            Import
          </Button>
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {result && (
          <div className="flex flex-col gap-2 text-sm" aria-live="polite">
            <p className="font-medium text-slate-800">
              {countOf(result.orders.length, 'draft order')}: {countOf(result.spots, 'spot')}, {formatCurrency(result.gross)} gross
            </p>
            <ul className="list-disc pl-5">
              {result.orders.map((o) => (
                <li key={o.estimate_id}>
                  <Link className="text-blue-700 underline" to={paths.app.estimate.href(o.estimate_id)}>
                    {o.call_letters}
                  </Link>{' '}
                  ({o.action}): {countOf(o.schedule.lines.length, 'line')}, {countOf(o.schedule.spots, 'spot')}, {formatCurrency(o.schedule.gross)}
                  {o.unmapped.map((u) => (
                    <div key={u.name} className="text-amber-700">
                      Unmapped: {u.name} {u.start_time}–{u.end_time}: {u.reason}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
            {result.skipped.length > 0 && (
              <ul className="list-disc pl-5 text-slate-600">
                {result.skipped.map((s) => (
                  <li key={`${s.item}-${s.reason}`}>
                    Skipped {s.item}: {s.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </details>
  );
};
