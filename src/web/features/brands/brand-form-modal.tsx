import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { brandInputSchema, type Brand } from '../../../domain/brand-schemas';
import type { BrandBody } from '../../api/brands';
import { useCreateBrand, useUpdateBrand } from '../../api/brands';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../../shared/auth-context';
import { fieldErrors } from '../../shared/field-errors';
import { BRAND_NAMES_LOCKED } from './brand-display';
import { isAdmin } from '../../../domain/roles';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { PRODUCT_CATEGORIES } from '../../../domain/product-categories';

const SAVE_FAILED = 'Failed to save brand';

const FORM_FIELDS = ['common_name', 'legal_name', 'email', 'phone', 'address', 'contact_person', 'product_category'] as const;
type FormField = (typeof FORM_FIELDS)[number];
type FormValues = Record<FormField, string>;

const valuesOf = (brand: Brand | null): FormValues => ({
  common_name: brand?.common_name ?? '',
  legal_name: brand?.legal_name ?? '',
  email: brand?.email ?? '',
  phone: brand?.phone ?? '',
  address: brand?.address ?? '',
  contact_person: brand?.contact_person ?? '',
  product_category: brand?.product_category ?? '',
});

/** Only the form's own fields, so an edit never clears the older contact fields. */
const bodyOf = (parsed: BrandBody): BrandBody => Object.fromEntries(FORM_FIELDS.map((field) => [field, parsed[field] ?? null])) as BrandBody;

interface BrandFormModalProps {
  /** 'new' for Add Brand, a brand to edit it, null when closed. */
  target: Brand | 'new' | null;
  onClose: () => void;
}

export const BrandFormModal = ({ target, onClose }: BrandFormModalProps) =>
  target === null ? null : <BrandForm key={target === 'new' ? 'new' : target.id} brand={target === 'new' ? null : target} onClose={onClose} />;

const BrandForm = ({ brand, onClose }: { brand: Brand | null; onClose: () => void }) => {
  const formId = useId();
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const [values, setValues] = useState<FormValues>(() => valuesOf(brand));
  const { user } = useAuth();
  // The names a brand with orders was sold under stay; its contact details may change (the server says the same).
  const namesLocked = Boolean(brand?.has_orders) && !isAdmin(user?.role);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const field = (name: FormField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = brandInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = FORM_FIELDS.find((name) => found[name]);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    const body = bodyOf(parsed.data);
    const onError = (error: unknown) => {
      const message = serverMessage(error, SAVE_FAILED);
      setFormError(message);
      toast.error(message);
    };
    if (brand) {
      update.mutate(
        { id: brand.id, body },
        {
          onSuccess: () => {
            toast.success('Brand updated successfully');
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success('Brand created successfully');
          onClose();
        },
        onError,
      });
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={brand ? 'Edit Brand' : 'Add Brand'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {brand ? 'Save Changes' : 'Create Brand'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <p className="text-xs text-slate-500">Common name and legal name are required; everything else is optional.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${formId}-common_name`}
            label="Common Name"
            autoComplete="organization"
            aria-required="true"
            maxLength={200}
            readOnly={namesLocked}
            hint={namesLocked ? BRAND_NAMES_LOCKED : undefined}
            {...field('common_name')}
          />
          <TextField
            id={`${formId}-legal_name`}
            label="Legal Name"
            aria-required="true"
            maxLength={200}
            readOnly={namesLocked}
            hint={namesLocked ? BRAND_NAMES_LOCKED : undefined}
            {...field('legal_name')}
          />
          <TextField id={`${formId}-email`} label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
          <TextField id={`${formId}-phone`} label="Phone" type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
          <TextAreaField
            id={`${formId}-address`}
            label="Address"
            autoComplete="street-address"
            rows={2}
            maxLength={500}
            className="sm:col-span-2"
            {...field('address')}
          />
          <TextField
            id={`${formId}-contact_person`}
            label="Contact Person"
            autoComplete="name"
            maxLength={200}
            className="sm:col-span-2"
            {...field('contact_person')}
          />
          <SelectField
            id={`${formId}-product_category`}
            label="Product category"
            hint="Spots of two brands of one category are kept apart on the log (product separation)."
            className="sm:col-span-2"
            {...field('product_category')}
          >
            <option value="">None (never separated)</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category.code} value={category.code}>
                {category.label}
              </option>
            ))}
          </SelectField>
        </div>
      </form>
    </Modal>
  );
};
