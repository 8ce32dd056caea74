import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { Coupon } from '../../../domain/coupon-schemas';
import type { DiscountType } from '../../../domain/coupons';
import { serverMessage } from '../../api/client';
import { useCreateCoupon, useUpdateCoupon } from '../../api/coupons';
import { useUsers } from '../../api/users';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { userName } from '../../ui/user-display';
import { COUPON_FORM_ORDER, couponFormValues, toCouponBody, type CouponFormErrors, type CouponFormField, type CouponFormValues } from './coupon-form';
import { useDayparts } from '../../api/dayparts';

const SAVE_FAILED = 'Failed to save coupon';

interface CouponFormModalProps {
  /** 'new' for Create Coupon, a coupon to edit it, null when closed. */
  target: Coupon | 'new' | null;
  onClose: () => void;
}

export const CouponFormModal = ({ target, onClose }: CouponFormModalProps) =>
  target === null ? null : <CouponForm key={target === 'new' ? 'new' : target.id} coupon={target === 'new' ? null : target} onClose={onClose} />;

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 id={titleId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      {children}
    </section>
  );
};

const CouponForm = ({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) => {
  const formId = useId();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const users = useUsers();
  const dayparts = useDayparts();
  const [values, setValues] = useState<CouponFormValues>(() => couponFormValues(coupon));
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const percentage = values.discount_type === 'percentage_with_max';
  const fieldId = (name: CouponFormField) => `${formId}-${name}`;

  const set = <K extends CouponFormField>(name: K, value: CouponFormValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  /** Props for a text input bound to a field. */
  const text = (name: Exclude<CouponFormField, 'discount_type' | 'restricted_to_daypart_ids' | 'is_active'>) => ({
    id: fieldId(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const toggleDaypart = (id: string) =>
    set(
      'restricted_to_daypart_ids',
      values.restricted_to_daypart_ids.includes(id) ? values.restricted_to_daypart_ids.filter((d) => d !== id) : [...values.restricted_to_daypart_ids, id],
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const result = toCouponBody(values, coupon);
    if (!result.ok) {
      setErrors(result.errors);
      const first = COUPON_FORM_ORDER.find((name) => result.errors[name]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    const onError = (error: unknown) => {
      const message = serverMessage(error, SAVE_FAILED);
      setFormError(message);
      toast.error(message);
    };
    if (coupon) {
      update.mutate(
        { id: coupon.id, body: result.body },
        {
          onSuccess: () => {
            toast.success('Coupon updated successfully');
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(result.body, {
        onSuccess: () => {
          toast.success('Coupon created successfully');
          onClose();
        },
        onError,
      });
    }
  };

  const userOptions = [...(users.data ?? [])].sort((a, b) => (userName(a) ?? a.email).localeCompare(userName(b) ?? b.email, 'en', { sensitivity: 'base' }));
  // A coupon restricted to a user who is no longer listed keeps its choice visible.
  const missingUser = values.restricted_to_user_id && users.data && !users.data.some((u) => u.id === values.restricted_to_user_id);

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={coupon ? `Edit Coupon ${coupon.code}` : 'Create Coupon'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Coupon
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}

        <Section title="Coupon">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Code"
              {...text('code')}
              onChange={(event) => set('code', event.target.value.toUpperCase())}
              autoComplete="off"
              spellCheck={false}
              maxLength={50}
              aria-required="true"
              className="[&_input]:font-mono"
              hint="Letters, numbers, dashes and underscores"
            />
            <TextField label="Name" {...text('name')} autoComplete="off" maxLength={200} aria-required="true" />
            <TextAreaField label="Description" {...text('description')} rows={2} maxLength={1000} className="sm:col-span-2" />
          </div>
        </Section>

        <Section title="Discount">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={fieldId('discount_type')}
              label="Discount Type"
              value={values.discount_type}
              onChange={(event) => set('discount_type', event.target.value as DiscountType)}
              error={errors.discount_type}
              className="sm:col-span-2"
            >
              <option value="percentage_with_max">Percentage off, up to a maximum</option>
              <option value="fixed_amount_with_min">Fixed amount off, with a minimum spend</option>
            </SelectField>
            {percentage ? (
              <>
                <TextField label="Percentage Off" {...text('percentage_off')} type="number" inputMode="decimal" min={1} max={100} step="any" hint="1 to 100" />
                <TextField
                  label="Max Discount Amount"
                  {...text('max_discount_amount')}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step="0.01"
                  hint="US dollars; empty for no cap"
                />
              </>
            ) : (
              <>
                <TextField label="Fixed Amount Off" {...text('fixed_amount_off')} type="number" inputMode="decimal" min={0.01} step="0.01" hint="US dollars" />
                <TextField
                  label="Minimum Spend Required"
                  {...text('minimum_spend_required')}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step="0.01"
                  hint="US dollars; empty for no minimum"
                />
              </>
            )}
          </div>
        </Section>

        <Section title="Limits and validity">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Usage Limit" {...text('usage_limit')} type="number" inputMode="numeric" min={1} step={1} hint="Empty = unlimited" />
            <TextField label="Per-User Limit" {...text('per_user_limit')} type="number" inputMode="numeric" min={1} step={1} hint="Empty = unlimited" />
            <TextField label="Valid From" {...text('valid_from')} type="date" aria-required="true" />
            <TextField label="Valid Until" {...text('valid_until')} type="date" min={values.valid_from || undefined} hint="Empty = no end date" />
          </div>
        </Section>

        <Section title="Restrictions">
          <SelectField
            id={fieldId('restricted_to_user_id')}
            label="Restrict to User"
            value={values.restricted_to_user_id}
            onChange={(event) => set('restricted_to_user_id', event.target.value)}
            error={errors.restricted_to_user_id}
            disabled={users.isPending}
            hint={users.isError ? 'The user list could not be loaded.' : 'Optional: only this user may apply the coupon.'}
          >
            <option value="">Any user</option>
            {missingUser && <option value={values.restricted_to_user_id}>{coupon?.restricted_to_user_name ?? 'Selected user'}</option>}
            {userOptions.map((user) => (
              <option key={user.id} value={user.id}>
                {userName(user) ? `${userName(user)} (${user.email})` : user.email}
              </option>
            ))}
          </SelectField>
          <div role="group" aria-labelledby={`${formId}-dayparts-label`} aria-describedby={`${formId}-dayparts-hint`}>
            <p id={`${formId}-dayparts-label`} className="mb-1 block text-sm font-medium text-slate-700">
              Restrict to Dayparts
            </p>
            <p id={`${formId}-dayparts-hint`} className="mb-2 text-xs text-slate-500">
              {values.restricted_to_daypart_ids.length === 0
                ? 'None selected: the coupon applies to all dayparts.'
                : `Only orders using the ${values.restricted_to_daypart_ids.length} selected ${values.restricted_to_daypart_ids.length === 1 ? 'daypart' : 'dayparts'}.`}
            </p>
            {dayparts.isPending ? (
              <Spinner className="size-4 text-blue-600" label="Loading dayparts" />
            ) : dayparts.isError ? (
              <p className="text-sm text-red-600">The dayparts could not be loaded.</p>
            ) : (
              <div id={fieldId('restricted_to_daypart_ids')} tabIndex={-1} className="grid gap-2 sm:grid-cols-2">
                {dayparts.data.map((daypart) => (
                  <label
                    key={daypart.id}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 has-checked:border-blue-300 has-checked:bg-blue-50"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-blue-600"
                      checked={values.restricted_to_daypart_ids.includes(daypart.id)}
                      onChange={() => toggleDaypart(daypart.id)}
                    />
                    <span className="font-medium">{daypart.name}</span>
                  </label>
                ))}
              </div>
            )}
            {errors.restricted_to_daypart_ids && <p className="mt-1 text-sm text-red-600">{errors.restricted_to_daypart_ids}</p>}
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-3 py-2.5">
            <div>
              <label htmlFor={fieldId('is_active')} className="block cursor-pointer text-sm font-medium text-slate-700">
                Active
              </label>
              <p id={`${formId}-active-hint`} className="text-xs text-slate-500">
                Inactive coupons cannot be applied to orders.
              </p>
            </div>
            <input
              id={fieldId('is_active')}
              type="checkbox"
              aria-describedby={`${formId}-active-hint`}
              checked={values.is_active}
              onChange={(event) => set('is_active', event.target.checked)}
              className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
          </div>
        </Section>
      </form>
    </Modal>
  );
};
