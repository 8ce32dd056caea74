/** What an order is made of besides itself: brands, payment methods and coupons. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, pgView, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_TYPES } from '../../../domain/coupons';
import { id, createdAt, updatedAt, cents } from './columns';
import { users } from './people';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commonName: text('common_name').notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    contactPerson: text('contact_person'),
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactJobTitle: text('contact_job_title'),
    /** What it sells, for product separation on the log (decision 059); null: never separated. */
    productCategory: text('product_category'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('brands_owner_id_idx').on(t.ownerId), index('brands_common_name_idx').on(t.commonName), index('brands_created_idx').on(t.createdAt, t.id)],
);

export const brandNamesView = pgView('brand_names', {
  id: uuid('id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  commonName: text('common_name').notNull(),
  productCategory: text('product_category'),
}).existing();

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    cardBrand: text('card_brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_methods_owner_id_idx').on(t.ownerId), index('payment_methods_brand_id_idx').on(t.brandId)],
);

export const cardLabelsView = pgView('card_labels', {
  id: uuid('id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  last4: text('last4').notNull(),
  cardBrand: text('card_brand').notNull(),
}).existing();

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull().default('percentage_with_max'),
    percentageOff: doublePrecision('percentage_off'),
    maxDiscountAmountCents: cents('max_discount_amount_cents'),
    fixedAmountOffCents: cents('fixed_amount_off_cents'),
    minimumSpendRequiredCents: cents('minimum_spend_required_cents'),
    /** Stripe-style fields, kept for API clients that speak Stripe's coupon shape. */
    percentOff: doublePrecision('percent_off'),
    amountOff: cents('amount_off'),
    currency: text('currency').notNull().default('usd'),
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] })
      .notNull()
      .default('once'),
    durationInMonths: integer('duration_in_months'),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    restrictedToUserId: uuid('restricted_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    restrictedToDaypartIds: uuid('restricted_to_daypart_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    index('coupons_created_at_idx').on(t.createdAt),
    check('coupons_usage_check', sql`${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit}`),
  ],
);
