import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Program } from '../../../domain/program-schemas';
import { ALL_DAYS, WEEKDAYS } from '../../../domain/rate-card';
import { useDeleteProgram, useImportPrograms, usePrograms } from '../../api/programs';
import { Button } from '../../ui/button';
import { ChannelPicker, useActiveChannels } from '../../ui/channel-picker';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { ProgramForm } from './program-form';

/** "Mon–Fri", "Every day", "Sat, Sun". */
export const daysShown = (days: readonly string[]) => {
  if (days.length === 7) return 'Every day';
  if (days.length === 5 && WEEKDAYS.every((d) => days.includes(d))) return 'Mon–Fri';
  return ALL_DAYS.filter((d) => days.includes(d))
    .map((d) => d.slice(0, 3))
    .join(', ');
};

const sortValues = {
  name: (p: Program) => p.name,
  days: (p: Program) => ALL_DAYS.findIndex((d) => p.days.includes(d)),
  time: (p: Program) => p.start_time,
  dates: (p: Program) => p.start_date,
};

/** Imports a CSV or BXF schedule file, adding to the channel's programs or replacing them, and says what it did. */
const ImportPrograms = ({ channelId }: { channelId: string }) => {
  const importPrograms = useImportPrograms(channelId);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'add' | 'replace'>('add');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    if (!file) {
      setResult({ ok: false, text: 'Choose a CSV or BXF file' });
      return;
    }
    setBusy(true);
    try {
      const reply = await importPrograms(file, mode);
      setResult({
        ok: true,
        text: `Imported ${reply.added} program${reply.added === 1 ? '' : 's'} from the ${reply.format.toUpperCase()} file${reply.removed > 0 ? `, replacing ${reply.removed}` : ''}.`,
      });
    } catch (e) {
      setResult({ ok: false, text: e instanceof Error ? e.message : 'The file could not be imported' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4 text-sm">
      <label className="grid gap-1 font-medium text-slate-700">
        Import a CSV or BXF schedule
        <input type="file" accept=".csv,.xml,.bxf,text/csv,application/xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <span className="text-xs font-normal text-slate-500">CSV columns: name, days, start, end, and optionally start_date, end_date.</span>
      </label>
      <label className="grid gap-1 font-medium text-slate-700">
        The channel’s programs
        <select className="rounded-md border border-slate-300 px-2 py-1.5" value={mode} onChange={(e) => setMode(e.target.value as 'add' | 'replace')}>
          <option value="add">Keep them and add the file’s</option>
          <option value="replace">Replace them with the file’s</option>
        </select>
      </label>
      <Button variant="secondary" loading={busy} onClick={() => void run()}>
        Import
      </Button>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={`w-full ${result.ok ? 'text-green-700' : 'text-red-600'}`}>
          {result.text}
        </p>
      )}
    </div>
  );
};

const ProgramsTable = ({ programs, onEdit, onDelete }: { programs: Program[]; onEdit: (p: Program) => void; onDelete: (p: Program) => void }) => {
  const { rows, header } = useSortedTable(programs, sortValues, { key: 'time', direction: 'asc' });
  return (
    <Table caption="Programs">
      <thead className="bg-slate-50">
        <tr>
          {header('Program', 'name')}
          {header('Days', 'days')}
          {header('Time', 'time')}
          {header('Dates', 'dates')}
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((p) => (
          <tr key={p.id}>
            <td className={cellClasses}>{p.name}</td>
            <td className={cellClasses}>{daysShown(p.days)}</td>
            <td className={`${cellClasses} whitespace-nowrap`}>
              {p.start_time}–{p.end_time}
              {p.end_time < p.start_time && <span className="block text-xs text-slate-500">ends the next day</span>}
            </td>
            <td className={cellClasses}>{p.start_date || p.end_date ? `${p.start_date ?? '…'} – ${p.end_date ?? '…'}` : 'Every week'}</td>
            <td className={`${cellClasses} whitespace-nowrap text-right`}>
              <Button variant="ghost" size="sm" aria-label={`Edit ${p.name}`} onClick={() => onEdit(p)}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)}>
                Delete
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
};

/** Station Settings' Programs (issue 44, decision 060): each channel's program schedule, named on the log and the documents. */
export const ProgramsSection = () => {
  const channels = useActiveChannels();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const channelId = picked ?? channels.find((c) => c.is_default)?.id;
  const programs = usePrograms(channelId);
  const remove = useDeleteProgram(channelId ?? '');
  const [editing, setEditing] = useState<Program | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Program | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (e) => toast.error(e.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="programs-heading" className="p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="programs-heading" className="text-base font-semibold text-slate-900">
            Programs
          </h2>
          <p className="text-sm text-slate-600">The program schedule: the log, the affidavit and the invoices name the program each spot aired in.</p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!channelId}>
          Add program
        </Button>
      </div>
      <ChannelPicker value={channelId} onChange={setPicked} />
      {!channelId || programs.isPending ? (
        <Spinner label="Loading programs…" />
      ) : programs.isError ? (
        <EmptyState tone="error" title="The programs could not be loaded" description={programs.error.message} />
      ) : programs.data.length === 0 ? (
        <p className="text-sm text-slate-500">No programs yet: add them one by one, or import the schedule from a CSV or BXF file.</p>
      ) : (
        <ProgramsTable programs={programs.data} onEdit={setEditing} onDelete={setDeleting} />
      )}
      {channelId && <ImportPrograms channelId={channelId} />}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a program' : 'Edit program'}>
        {editing !== null && channelId && <ProgramForm channelId={channelId} program={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this program?"
        message={
          deleting
            ? `${deleting.name} is removed from the schedule; spots already on the log no longer name it, and schedule lines that targeted it target none.`
            : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
};
