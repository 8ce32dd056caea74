import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { channelLabel } from '../../../domain/channel-schemas';
import { useBooks, useImportBook, useMakeBookCurrent } from '../../api/audience';
import { useChannels } from '../../api/channels';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { TextField } from '../../ui/text-field';

const FIELDS = [
  { key: 'name', label: 'Name', hint: 'e.g. Nov26' },
  { key: 'ratingService', label: 'Rating service', hint: 'e.g. Nielsen' },
  { key: 'surveyPeriod', label: 'Survey period', hint: 'e.g. Nov26 DMA Live+3' },
  { key: 'geography', label: 'Geography', hint: 'Optional, e.g. DMA' },
] as const;
type Draft = Record<(typeof FIELDS)[number]['key'], string>;

/** Uploads a book's CSV with its name, service and period. */
const BookForm = ({ onDone }: { onDone: () => void }) => {
  const [draft, setDraft] = useState<Draft>({ name: '', ratingService: '', surveyPeriod: '', geography: '' });
  const [file, setFile] = useState<File | null>(null);
  const [channelId, setChannelId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const channels = useChannels();
  const importBook = useImportBook();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose the book’s CSV file');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await importBook({ ...draft, channelId: channelId || undefined, file });
      toast.success('Book imported');
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The book could not be imported');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          hint={field.hint}
          name={field.key}
          autoComplete="off"
          value={draft[field.key]}
          required={field.key !== 'geography'}
          onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
        />
      ))}
      {(channels.data?.length ?? 0) > 1 && (
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          Channel
          <select className="rounded-lg border border-slate-300 px-3 py-2" value={channelId} onChange={(e) => setChannelId(e.target.value)}>
            <option value="">The default channel</option>
            {channels.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {channelLabel(c)} · {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="grid gap-1 text-sm font-medium text-slate-700">
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <span className="text-xs font-normal text-slate-500">Columns: daypart, demo, rating, impressions (000), universe (000); others are ignored.</span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Import book
        </Button>
      </div>
    </form>
  );
};

/** Station Settings' Ratings books (issue 43, decision 057): import a book, see them, make one its channel's current book. */
export const BooksSection = () => {
  const books = useBooks();
  const channels = useChannels();
  const makeCurrent = useMakeBookCurrent();
  const [adding, setAdding] = useState(false);
  const channelName = (id: string) => {
    const channel = channels.data?.find((c) => c.id === id);
    return channel ? channelLabel(channel) : '—';
  };

  return (
    <section aria-labelledby="books-heading" className="p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="books-heading" className="text-base font-semibold text-slate-900">
            Ratings books
          </h2>
          <p className="text-sm text-slate-600">Ratings and impressions per daypart and demo. Orders are booked on their channel’s current book.</p>
        </div>
        <Button onClick={() => setAdding(true)}>Import book</Button>
      </div>
      {books.isPending ? (
        <Spinner label="Loading books…" />
      ) : books.isError ? (
        <EmptyState tone="error" title="The books could not be loaded" description={books.error.message} />
      ) : books.data.length === 0 ? (
        <p className="text-sm text-slate-500">No book yet: import one from your ratings service’s CSV.</p>
      ) : (
        <Table caption="Ratings books">
          <thead>
            <tr>
              <Th>Book</Th>
              <Th>Channel</Th>
              <Th>Service and period</Th>
              <Th>Demos</Th>
              <Th>Post book of</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {books.data.map((book) => (
              <tr key={book.id}>
                <td className={cellClasses}>
                  {book.name} {book.is_current && <Badge tone="blue">Current</Badge>}
                </td>
                <td className={cellClasses}>{channelName(book.channel_id)}</td>
                <td className={cellClasses}>
                  {book.rating_service} · {book.survey_period}
                  {book.geography && <span className="block text-xs text-slate-500">{book.geography}</span>}
                </td>
                <td className={cellClasses}>{book.demos.join(', ')}</td>
                <td className={cellClasses}>{book.post_months.join(', ') || '—'}</td>
                <td className={`${cellClasses} whitespace-nowrap text-right`}>
                  {!book.is_current && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Make current: ${book.name}`}
                      onClick={() =>
                        void makeCurrent(book.id).then(
                          () => toast.success(`${book.name} is the current book`),
                          (e: Error) => toast.error(e.message),
                        )
                      }
                    >
                      Make current
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Modal open={adding} onClose={() => setAdding(false)} title="Import a ratings book">
        {adding && <BookForm onDone={() => setAdding(false)} />}
      </Modal>
    </section>
  );
};
