import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { daypartInputSchema, type Daypart } from '../../../domain/daypart-schemas';
import { ALL_DAYS } from '../../../domain/rate-card';
import { useUpdateDaypart } from '../../api/rate-card';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { fieldErrors } from '../../shared/field-errors';
import { TextAreaField } from '../../ui/form-fields';

interface Draft {
  name: string;
  description: string;
  start_time: string;
  end_time: string;
  days_of_week: string[];
  base_cpm: string;
  min_cpm: string;
  multiplier: string;
  spot_frequency: string;
  is_prime_time: boolean;
  rate_15_percent: string;
  rate_60_percent: string;
  flat_rate: string;
}

const draftOf = (d: Daypart): Draft => ({
  name: d.name,
  description: d.description ?? '',
  start_time: d.start_time.slice(0, 5),
  end_time: d.end_time.slice(0, 5),
  days_of_week: [...d.days_of_week],
  base_cpm: String(d.base_cpm),
  min_cpm: String(d.min_cpm),
  multiplier: String(d.multiplier),
  spot_frequency: String(d.spot_frequency),
  is_prime_time: d.is_prime_time,
  rate_15_percent: String(d.rate_15_percent),
  rate_60_percent: String(d.rate_60_percent),
  flat_rate: d.flat_rate == null ? '' : String(d.flat_rate),
});

/** Blank numbers are sent as blank text so that the schema answers "must be a number" rather than reading 0. */
const numberOrText = (text: string) => (text.trim() === '' ? text : Number(text));

export const DaypartFormModal = ({ daypart, onClose }: { daypart: Daypart | null; onClose: () => void }) =>
  daypart ? <DaypartForm key={daypart.id} daypart={daypart} onClose={onClose} /> : null;

const DaypartForm = ({ daypart, onClose }: { daypart: Daypart; onClose: () => void }) => {
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(daypart));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useUpdateDaypart();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: Exclude<keyof Draft, 'days_of_week' | 'is_prime_time' | 'description'>) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = daypartInputSchema.safeParse({
      ...draft,
      description: draft.description.trim() || null,
      base_cpm: numberOrText(draft.base_cpm),
      min_cpm: numberOrText(draft.min_cpm),
      multiplier: numberOrText(draft.multiplier),
      spot_frequency: numberOrText(draft.spot_frequency),
      rate_15_percent: numberOrText(draft.rate_15_percent),
      rate_60_percent: numberOrText(draft.rate_60_percent),
      // Blank: no flat rate.
      flat_rate: draft.flat_rate.trim() === '' ? null : Number(draft.flat_rate),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(
      { id: daypart.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} saved`);
          onClose();
        },
        onError: (error) => setFormError(error.message),
      },
    );
  };

  return (
    <Modal
      open
      size="lg"
      title={`Edit ${daypart.name}`}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save daypart
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <TextField label="Name" required {...text('name')} />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          rows={2}
          maxLength={500}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Start time" type="time" required {...text('start_time')} />
          <TextField label="End time" type="time" required {...text('end_time')} hint="Before the start time: the daypart runs past midnight." />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Days of the week</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {ALL_DAYS.map((day) => (
              <label key={day} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={draft.days_of_week.includes(day)}
                  onChange={(e) => set('days_of_week', e.target.checked ? [...draft.days_of_week, day] : draft.days_of_week.filter((d) => d !== day))}
                />
                {day}
              </label>
            ))}
          </div>
          {errors.days_of_week && <p className="mt-1 text-sm text-red-600">{errors.days_of_week}</p>}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Base CPM (USD)" type="number" inputMode="decimal" min={0} step="0.01" required {...text('base_cpm')} />
          <TextField
            label="Minimum CPM (USD)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            hint="The lowest custom CPM an order may bid."
            {...text('min_cpm')}
          />
          <TextField
            label="Multiplier"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            hint="Audience factor: impressions per spot are 1,366 × this."
            {...text('multiplier')}
          />
          <TextField
            label="Spots per day"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="The most spots a day that may be sold."
            {...text('spot_frequency')}
          />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Spot lengths and flat rate (AI buying agents)</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Price of a :15 (% of a :30)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="100 keeps the :30's CPM."
              {...text('rate_15_percent')}
            />
            <TextField
              label="Price of a :60 (% of a :30)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="100 keeps the :30's CPM."
              {...text('rate_60_percent')}
            />
            <TextField
              label="Flat rate per :30 spot (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              hint="Blank: sold by CPM only."
              {...text('flat_rate')}
            />
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.is_prime_time} onChange={(e) => set('is_prime_time', e.target.checked)} />
          Prime time
        </label>
      </form>
    </Modal>
  );
};
