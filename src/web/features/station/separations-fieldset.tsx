import { MAX_SEPARATION_MINUTES, PRODUCT_CATEGORIES } from '../../../domain/product-categories';

/** Minutes typed by category (a field may be blank while typing). */
export type SeparationDraft = Record<string, string>;

export const separationDraftOf = (stored: Readonly<Record<string, number>>): SeparationDraft =>
  Object.fromEntries(PRODUCT_CATEGORIES.map((c) => [c.code, String(stored[c.code] ?? '')]));

/** What PUT /station sends: a blank or non-numeric field is sent as NaN, which the schema refuses with its message. */
export const separationsOfDraft = (draft: SeparationDraft): Record<string, number> =>
  Object.fromEntries(Object.entries(draft).map(([code, value]) => [code, value.trim() === '' ? Number.NaN : Number(value)]));

/** Station Settings: the minutes between two brands of one product category on the log (decision 059). */
export const SeparationsFieldset = ({
  draft,
  error,
  onChange,
}: {
  draft: SeparationDraft;
  error?: string;
  onChange: (code: string, value: string) => void;
}) => (
  <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
    <legend className="mb-1 text-sm font-semibold text-slate-900">Product separation (minutes)</legend>
    <p className="text-xs text-slate-500 sm:col-span-3">
      Two spots of different brands of one category never share a break and start at least this far apart; 0 turns a category&apos;s separation off. A spot that
      cannot be kept apart is placed and listed as a separation conflict on the log and on Discrepancies.
    </p>
    {PRODUCT_CATEGORIES.map((category) => (
      <div key={category.code}>
        <label htmlFor={`separation-${category.code}`} className="mb-1 block text-sm font-medium text-slate-700">
          {category.label}
        </label>
        <input
          id={`separation-${category.code}`}
          name={`separation_${category.code}`}
          type="number"
          min={0}
          max={MAX_SEPARATION_MINUTES}
          step={1}
          inputMode="numeric"
          value={draft[category.code] ?? ''}
          onChange={(e) => onChange(category.code, e.target.value)}
          className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
        />
      </div>
    ))}
    {error && (
      <p role="alert" className="text-sm text-red-600 sm:col-span-3">
        {error}
      </p>
    )}
  </fieldset>
);
