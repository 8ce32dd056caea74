/** Invoices, their lines and payments, and credit notes, with their number sequences. */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, numeric, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, PAYMENT_DIRECTIONS, PAYMENT_METHODS, STORED_INVOICE_STATUSES } from '../../../domain/billing';
import { id, createdAt, updatedAt, cents } from './columns';
import { users } from './people';
import { dayparts } from './station';
import { brands } from './catalogue';
import { estimates } from './orders';

/** Numbers invoices: INV-<year>-<6 digits>. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * An invoice for an order. Amounts are frozen when it is made; `paid_cents` follows its payments.
 * `status` holds draft, sent, paid, cancelled or refunded: overdue is computed on read.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text('invoice_number').notNull(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    /** Its order's channel (migration 0064, decision 053): written from the order, kept its by invoices_estimate_channel_fkey. */
    channelId: uuid('channel_id')
      .notNull()
      .default(sql`default_channel_id()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    /** A fraction (0.0825 = 8.25%). */
    taxRate: numeric('tax_rate', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    /** Money received (payments); refunds paid back are in refunded_cents. */
    paidCents: cents('paid_cents').notNull().default(0),
    /** An agency's commission: the rate copied from the account when invoiced, and its amount of the total. */
    commissionRate: numeric('commission_rate', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    commissionCents: cents('commission_cents').notNull().default(0),
    /** Sum of the invoice's credit notes. */
    creditedCents: cents('credited_cents').notNull().default(0),
    /** Sum of refunds paid back to the advertiser (payments with direction refund). */
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** up_front: the whole order; broadcast_month: what aired in [period_start, period_end]; final: the rest of a completed order. */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('up_front'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: STORED_INVOICE_STATUSES }).notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTerms: text('payment_terms').notNull(),
    notes: text('notes'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The station and the billed party as they were when the invoice was issued (decision 029); null on a draft. */
    issuedParties: jsonb('issued_parties'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_invoice_number_key').on(t.invoiceNumber),
    // One live up-front (or final) invoice per order, one live invoice per order and broadcast month: a voided (cancelled) one may be replaced.
    uniqueIndex('invoices_estimate_live_key')
      .on(t.estimateId, t.kind)
      .where(sql`${t.status} <> 'cancelled' and ${t.kind} <> 'broadcast_month'`),
    uniqueIndex('invoices_estimate_month_live_key')
      .on(t.estimateId, t.periodStart)
      .where(sql`${t.status} <> 'cancelled' and ${t.kind} = 'broadcast_month'`),
    index('invoices_created_idx').on(t.createdAt, t.id),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_customer_id_idx').on(t.customerId),
    // Receivables ageing from the index alone (decision 037); the columns are in migration 0031's INCLUDE.
    index('invoices_receivable_idx')
      .on(t.customerId, t.dueDate)
      .where(sql`${t.status} = 'sent'`),
    index('invoices_brand_id_idx').on(t.brandId),
    // Billing analytics sums the window's invoices per customer from the index alone: migration 0067's INCLUDE.
    index('invoices_issue_date_idx').on(t.issueDate),
    // One channel's invoices (decision 053): issued in a window, and their ids; its receivables from the index
    // alone (migration 0064's INCLUDE, status with the amounts, since invoice_receivable_cents reads it).
    index('invoices_channel_issue_date_idx').on(t.channelId, t.issueDate, t.id),
    index('invoices_channel_receivable_idx')
      .on(t.channelId, t.dueDate)
      .where(sql`${t.status} = 'sent'`),
    foreignKey({ name: 'invoices_estimate_channel_fkey', columns: [t.estimateId, t.channelId], foreignColumns: [estimates.id, estimates.channelId] }).onDelete(
      'restrict',
    ),
    check('invoices_status_check', sql`${t.status} in ('draft', 'sent', 'paid', 'cancelled', 'refunded')`),
    check(
      'invoices_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.paidCents} >= 0 and ${t.commissionCents} >= 0 and ${t.commissionCents} <= ${t.totalCents} and ${t.creditedCents} >= 0 and ${t.creditedCents} <= ${t.totalCents} - ${t.commissionCents} and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`,
    ),
    check('invoices_kind_check', sql`${t.kind} in ('up_front', 'broadcast_month', 'final')`),
    check('invoices_commission_rate_check', sql`${t.commissionRate} >= 0 and ${t.commissionRate} < 1`),
    check('invoices_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 1`),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    /** payment: money received; refund: money paid back to the advertiser (record-only). */
    direction: text('direction', { enum: PAYMENT_DIRECTIONS }).notNull().default('payment'),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    /** How the money moved (issue 29 item 22); null on payments recorded before. */
    method: text('method', { enum: PAYMENT_METHODS }),
    /** Cheque number, transfer id, card authorisation… */
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_id_idx').on(t.invoiceId, t.createdAt),
    index('invoice_payments_payment_date_idx').on(t.paymentDate),
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_direction_check', sql`${t.direction} in ('payment', 'refund')`),
    check('invoice_payments_method_check', sql`${t.method} is null or ${t.method} in ('check', 'ach', 'wire', 'card', 'cash', 'other')`),
  ],
);

/** One line of an invoice: quantity × unit price = amount; an invoice's lines add up to its subtotal. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    daypartId: uuid('daypart_id').references(() => dayparts.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitCents: cents('unit_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_key').on(t.invoiceId, t.position), check('invoice_lines_quantity_check', sql`${t.quantity} >= 0`)],
);

/** Numbers credit notes: CN-<year>-<6 digits>. */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1, increment: 1 });

/** A credit against a sent or paid invoice, for part or all of what it asks. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNumber: text('credit_number').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_credit_number_key').on(t.creditNumber),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.createdAt),
    index('credit_notes_customer_idx').on(t.customerId, t.createdAt),
    check('credit_notes_amount_check', sql`${t.amountCents} > 0`),
  ],
);
