import { useId } from 'react';
import { Link } from 'react-router';
import { AGENCY_CODE_FIELDS, AGENCY_CODE_LABELS, AGENCY_CODE_LIMITS } from '../../../domain/agency-codes';
import { START_DATE_MIN_LEAD_DAYS } from '../../../domain/constants';
import { addDays } from '../../../domain/dates';
import { formatCalendarDate } from '../../../domain/display-dates';
import { serverMessage } from '../../api/client';
import { paths } from '../../config/paths';
import { inputClasses, TextField } from '../../ui/text-field';
import type { BrandOption } from './brands';
import { OrderAudienceFields } from './order-audience-fields';
import type { FormField, OrderDraft } from './order-draft';

interface OrderBasicsProps {
  draft: OrderDraft;
  today: string;
  brands: { data: readonly BrandOption[] | undefined; isPending: boolean; error: unknown };
  /** The live end date (or the saved one while nothing can be computed). */
  endDate: string | null;
  /** The fields the current problems are about: marked invalid (the messages show by the actions). */
  invalid: ReadonlySet<string>;
  onChange: (patch: Partial<Pick<OrderDraft, 'estimateName' | 'brandId' | 'totalSpend' | 'startDate' | 'agencyCodes' | 'targetDemo' | 'guarantee'>>) => void;
}

/** Order Name, Brand, Total Budget, Start Date, the computed, read-only End Date, agency codes and audience. */
export const OrderBasics = ({ draft, today, brands, endDate, invalid, onChange }: OrderBasicsProps) => {
  const brandId = useId();
  const mark = (field: FormField) => (invalid.has(field) ? true : undefined);
  const invalidClass = (field: FormField) => (invalid.has(field) ? '[&_input]:border-red-400 [&_input]:ring-2 [&_input]:ring-red-100' : '');
  const brandList = brands.data ?? [];
  const noBrands = !brands.isPending && !brands.error && brandList.length === 0;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Order Name"
        name="estimate_name"
        maxLength={200}
        value={draft.estimateName}
        onChange={(event) => onChange({ estimateName: event.target.value })}
        aria-invalid={mark('estimateName')}
        className={`sm:col-span-2 ${invalidClass('estimateName')}`}
        placeholder="e.g. Spring launch"
      />
      <div className="sm:col-span-2">
        <label htmlFor={brandId} className="mb-1 block text-sm font-medium text-slate-700">
          Brand
        </label>
        <select
          id={brandId}
          name="brand_id"
          value={draft.brandId}
          onChange={(event) => onChange({ brandId: event.target.value })}
          aria-invalid={mark('brandId')}
          className={inputClasses(invalid.has('brandId'))}
        >
          <option value="">{brands.isPending ? 'Loading brands…' : 'Select a brand'}</option>
          {brandList.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.common_name}
            </option>
          ))}
        </select>
        {Boolean(brands.error) && <p className="mt-1 text-sm text-red-600">{serverMessage(brands.error, 'Failed to load brands')}</p>}
        {noBrands && (
          <p className="mt-1 text-sm text-slate-600">
            No brands yet.{' '}
            <Link to={paths.app.brands.href()} className="font-medium text-blue-600 hover:underline">
              Create a brand
            </Link>{' '}
            to order for it.
          </p>
        )}
      </div>
      <TextField
        label="Total Budget"
        name="total_spend"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft.totalSpend}
        onChange={(event) => onChange({ totalSpend: event.target.value })}
        aria-invalid={mark('totalSpend')}
        className={invalidClass('totalSpend')}
        hint="Whole US dollars"
      />
      <TextField
        label="Start Date"
        name="start_date"
        type="date"
        min={addDays(today, START_DATE_MIN_LEAD_DAYS)}
        value={draft.startDate}
        onChange={(event) => onChange({ startDate: event.target.value })}
        aria-invalid={mark('startDate')}
        className={invalidClass('startDate')}
        hint={`At least ${START_DATE_MIN_LEAD_DAYS} days from today`}
      />
      <TextField
        className="sm:col-span-2 [&_input]:cursor-default [&_input]:bg-slate-50 [&_input]:text-slate-700"
        label="End Date"
        name="end_date"
        readOnly
        value={endDate ? formatCalendarDate(endDate) : ''}
        placeholder="Calculated from budget, start date and time slots"
        hint="Calculated automatically: the budget divided by the weekly cost, from the start date"
      />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Agency codes (optional)</legend>
        {AGENCY_CODE_FIELDS.map((field) => (
          <TextField
            key={field}
            label={AGENCY_CODE_LABELS[field]}
            name={field}
            maxLength={AGENCY_CODE_LIMITS[field]}
            value={draft.agencyCodes[field]}
            onChange={(event) => onChange({ agencyCodes: { ...draft.agencyCodes, [field]: event.target.value } })}
          />
        ))}
      </fieldset>
      <OrderAudienceFields draft={draft} onChange={onChange} />
    </div>
  );
};
