import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { programInputSchema, type Program } from '../../../domain/program-schemas';
import { ALL_DAYS } from '../../../domain/rate-card';
import { serverField } from '../../api/client';
import { useAddProgram, useUpdateProgram } from '../../api/programs';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

type Draft = { name: string; days: string[]; start_time: string; end_time: string; start_date: string; end_date: string };

const draftOf = (p: Program | null): Draft => ({
  name: p?.name ?? '',
  days: p?.days ?? [],
  start_time: p?.start_time ?? '',
  end_time: p?.end_time ?? '',
  start_date: p?.start_date ?? '',
  end_date: p?.end_date ?? '',
});

/** Adds or edits a program, with the server's own validation (domain/program-schemas) before sending. */
export const ProgramForm = ({ channelId, program, onDone }: { channelId: string; program: Program | null; onDone: () => void }) => {
  const [draft, setDraft] = useState<Draft>(() => draftOf(program));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddProgram(channelId);
  const update = useUpdateProgram(channelId);
  const busy = add.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = programInputSchema.safeParse({ ...draft, start_date: draft.start_date || null, end_date: draft.end_date || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const done = {
      onSuccess: () => {
        toast.success(program ? 'Program saved' : 'Program added');
        onDone();
      },
      onError: (e: Error) => setErrors({ [serverField(e) ?? 'form']: e.message }),
    };
    if (program) update.mutate({ id: program.id, body: parsed.data }, done);
    else add.mutate(parsed.data, done);
  };
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const toggleDay = (day: string) => setDraft((d) => ({ ...d, days: d.days.includes(day) ? d.days.filter((x) => x !== day) : [...d.days, day] }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Name" name="name" autoComplete="off" required value={draft.name} error={errors.name} onChange={set('name')} />
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium text-slate-700">Days</legend>
        <div className="flex flex-wrap gap-3">
          {ALL_DAYS.map((day) => (
            <label key={day} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={draft.days.includes(day)} onChange={() => toggleDay(day)} />
              {day.slice(0, 3)}
            </label>
          ))}
        </div>
        {errors.days && (
          <p role="alert" className="text-sm text-red-600">
            {errors.days}
          </p>
        )}
      </fieldset>
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Start time" name="start_time" type="time" required value={draft.start_time} error={errors.start_time} onChange={set('start_time')} />
        <TextField
          label="End time"
          name="end_time"
          type="time"
          required
          hint="Before the start: the next day"
          value={draft.end_time}
          error={errors.end_time}
          onChange={set('end_time')}
        />
        <TextField
          label="First day"
          name="start_date"
          type="date"
          hint="Optional"
          value={draft.start_date}
          error={errors.start_date}
          onChange={set('start_date')}
        />
        <TextField label="Last day" name="end_date" type="date" hint="Optional" value={draft.end_date} error={errors.end_date} onChange={set('end_date')} />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {program ? 'Save program' : 'Add program'}
        </Button>
      </div>
    </form>
  );
};
