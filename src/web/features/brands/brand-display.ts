import type { Brand } from '../../../domain/brand-schemas';

/** The brand's contact: the contact person, else the older first/last name fields. */
export const brandContact = (brand: Brand): string | null => {
  const person = brand.contact_person?.trim();
  if (person) return person;
  const name = [brand.contact_first_name, brand.contact_last_name].filter((p) => p && p.trim()).join(' ').trim();
  return name || null;
};

/** True when the brand matches every word of the search (names, contact, e-mail, phone, owner). */
export const brandMatches = (brand: Brand, query: string): boolean => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [brand.common_name, brand.legal_name, brandContact(brand), brand.email, brand.phone, brand.owner_email]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
};

export const deleteBrandConfirmation = (commonName: string): string =>
  `Are you sure you want to delete ${commonName}? This action cannot be undone.`;

export const BRAND_DELETE_BLOCKED = 'Brands with orders cannot be deleted';
/** Under the names of a brand with orders, in its edit form (issue 29, item 17). */
export const BRAND_NAMES_LOCKED = 'This brand has orders: its names stay as sold. Contact details can change.';
