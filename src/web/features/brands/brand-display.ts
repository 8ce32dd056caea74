import type { Brand } from '../../../domain/brand-schemas';

/** The brand's contact: the contact person, else the older first/last name fields. */
export const brandContact = (brand: Brand): string | null => {
  const person = brand.contact_person?.trim();
  if (person) return person;
  const name = [brand.contact_first_name, brand.contact_last_name]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || null;
};

export const deleteBrandConfirmation = (commonName: string): string => `Are you sure you want to delete ${commonName}? This action cannot be undone.`;

export const BRAND_DELETE_BLOCKED = 'Brands with orders cannot be deleted';
/** Under the names of a brand with orders, in its edit form (issue 29, item 17). */
export const BRAND_NAMES_LOCKED = 'This brand has orders: its names stay as sold. Contact details can change.';
