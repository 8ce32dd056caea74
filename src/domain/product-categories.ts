/**
 * Product categories of brands and the station's separation between two brands of one category
 * (issue 44, decision 059). A short fixed list; `naics` is the North American Industry Classification
 * code of the category where one code fits it (null where the category spans several). No AAAA
 * product code is given: there is no public list to check one against.
 */
import { z } from 'zod';

export const PRODUCT_CATEGORIES = [
  { code: 'automotive', label: 'Automotive (dealers, manufacturers)', naics: '4411' },
  { code: 'qsr', label: 'Restaurants / QSR', naics: '7225' },
  { code: 'telecom', label: 'Telecom / wireless', naics: '517' },
  { code: 'retail', label: 'Retail', naics: '44-45' },
  { code: 'financial', label: 'Financial / insurance', naics: '52' },
  { code: 'pharma', label: 'Pharma / health', naics: null },
  { code: 'beverage', label: 'Beverage', naics: '3121' },
  { code: 'food', label: 'Packaged food', naics: '311' },
  { code: 'entertainment', label: 'Entertainment / movies', naics: '5121' },
  { code: 'travel', label: 'Travel', naics: '5615' },
  { code: 'political', label: 'Political', naics: '813940' },
  { code: 'psa', label: 'PSA / other', naics: null },
] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]['code'];
export const PRODUCT_CATEGORY_CODES = PRODUCT_CATEGORIES.map((c) => c.code) as [ProductCategory, ...ProductCategory[]];

export const isProductCategory = (value: unknown): value is ProductCategory =>
  typeof value === 'string' && (PRODUCT_CATEGORY_CODES as readonly string[]).includes(value);

export const productCategoryLabel = (code: string | null | undefined): string | null => PRODUCT_CATEGORIES.find((c) => c.code === code)?.label ?? null;

export const PRODUCT_CATEGORY_MESSAGE = `Product category must be one of ${PRODUCT_CATEGORY_CODES.join(', ')}`;

/** A brand's category: one of the list, or null (never separated). Blank is null. */
export const productCategorySchema = z.preprocess((v) => (v === '' ? null : v), z.enum(PRODUCT_CATEGORY_CODES, { error: PRODUCT_CATEGORY_MESSAGE }).nullable());

/** Minutes between two spots of one category when the station has not set it; 0 turns a category's separation off. */
export const DEFAULT_SEPARATION_MINUTES = 15;
export const MAX_SEPARATION_MINUTES = 240;
export const SEPARATION_MESSAGE = `Separation must be a whole number of minutes from 0 to ${MAX_SEPARATION_MINUTES}`;

export type ProductSeparations = Record<ProductCategory, number>;

const minutesSchema = z
  .number({ error: SEPARATION_MESSAGE })
  .int(SEPARATION_MESSAGE)
  .min(0, SEPARATION_MESSAGE)
  .max(MAX_SEPARATION_MINUTES, SEPARATION_MESSAGE);

/** PUT /station `product_separations`: minutes by category; a category left out keeps the default. Unknown categories are refused. */
export const productSeparationsInputSchema = z
  .record(z.string(), minutesSchema, { error: 'Product separations must be minutes by product category, such as {"automotive": 15}' })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value))
      if (!isProductCategory(key))
        ctx.addIssue({ code: 'custom', message: `Unknown product category "${key}": ${PRODUCT_CATEGORY_MESSAGE.toLowerCase()}`, path: [key] });
  });

/** Every category's separation: the stored ones, the default for the rest (stored values outside the list are ignored). */
export const productSeparationsOf = (stored: Readonly<Record<string, unknown>> | null | undefined): ProductSeparations =>
  Object.fromEntries(
    PRODUCT_CATEGORY_CODES.map((code) => {
      const value = stored?.[code];
      return [code, typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SEPARATION_MINUTES ? value : DEFAULT_SEPARATION_MINUTES];
    }),
  ) as ProductSeparations;
