import { z } from 'zod';
import { productCategorySchema } from './product-categories';
import { isValidEmail, MAX_TEXT } from './validation';

const optionalText = (max = MAX_TEXT) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A phone number: 7 to 15 digits, with spaces, dots, dashes, brackets, a leading + and an extension allowed. */
const PHONE = /^\+?[\d\s().-]+(\s*(x|ext\.?)\s*\d{1,6})?$/i;
export const isPhoneNumber = (value: string): boolean => {
  const main = value.replace(/\s*(x|ext\.?)\s*\d{1,6}$/i, '');
  const digits = main.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
};
export const BRAND_MESSAGES = {
  phone: 'Phone must be a phone number such as +1 555 010 7000',
  duplicateName: (name: string) => `You already have a brand named "${name}"`,
  nameLocked: 'The names of a brand with orders cannot change: they are on its orders and invoices',
} as const;

/** The brand form: the specification's three rules, the rest optional. */
export const brandInputSchema = z.object({
  common_name: z.string({ error: 'Common name is required' }).trim().min(1, 'Common name is required').max(200, 'Common name must be at most 200 characters'),
  legal_name: z.string({ error: 'Legal name is required' }).trim().min(1, 'Legal name is required').max(200, 'Legal name must be at most 200 characters'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || isValidEmail(v), 'Invalid email address'),
  address: optionalText(),
  phone: optionalText(40).refine((v) => v === null || isPhoneNumber(v), BRAND_MESSAGES.phone),
  contact_person: optionalText(200),
  contact_first_name: optionalText(100),
  contact_last_name: optionalText(100),
  contact_job_title: optionalText(200),
  /** What the brand sells (decision 059): one of PRODUCT_CATEGORIES, or null (never separated on the log). */
  product_category: productCategorySchema.optional(),
});
export type BrandInput = z.infer<typeof brandInputSchema>;
export const brandUpdateSchema = brandInputSchema.partial();

export const brandSchema = z.object({
  id: z.uuid(),
  common_name: z.string(),
  legal_name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contact_person: z.string().nullable(),
  contact_first_name: z.string().nullable(),
  contact_last_name: z.string().nullable(),
  contact_job_title: z.string().nullable(),
  product_category: z.string().nullable(),
  owner_id: z.uuid(),
  owner_email: z.string(),
  has_orders: z.boolean(),
  order_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const BRAND_HAS_ORDERS = 'Cannot delete brand that has associated orders';
