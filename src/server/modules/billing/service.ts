/**
 * Changing invoices: create one from an approved order, send it, record a payment. Each change
 * locks the row it reads (the order, or the invoice) so that concurrent calls cannot double-bill
 * an order or overpay an invoice.
 */
import { eq } from 'drizzle-orm';
import { creditsOf } from '../makegoods/queries';
import {
  BILLING_MESSAGES,
  INVOICEABLE_ORDER_STATUSES,
  canRecordPayment,
  canSendInvoice,
  cannotPayMessage,
  cannotSendMessage,
  invoiceBalanceCents,
  notInvoiceableMessage,
  overBalanceMessage,
  shownInvoiceStatus,
  type PaymentMethod,
} from '../../../domain/billing';
import type { CreateInvoiceBody, Invoice, InvoiceDetail, InvoicePayment } from '../../../domain/billing-schemas';
import { addDays } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { billableAmount, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { invoicePayments, invoices } from '../../db/schema';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import type { MailMessage, Mailer } from '../../platform/mail';
import { lockReadableOrder } from '../orders/public';
import { hasLiveInvoice, insertInvoice, lockInvoice } from './invoice-rows';
import { toPayment } from './present';
import { getInvoice, getInvoiceDetail } from './queries';
import { createFinalInvoice } from './broadcast-month';

import { insertUpFrontLines } from './up-front-lines';
import { freezeIssuedParties, issuerOf } from './issued-parties';
import type { StationIssuer } from '../station/letterhead';
import { emitInvoiceEvent } from '../webhooks/outbox';

export const createInvoiceFromEstimate = async ({
  db,
  actor,
  estimateId,
  input,
  today,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  input: CreateInvoiceBody;
  today: string;
}): Promise<Invoice> => {
  try {
    return await db.transaction(async (tx) => {
      // Locking the order makes two concurrent requests for it take turns.
      const order = await lockReadableOrder(tx, actor, estimateId);
      if (!(INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw conflict(notInvoiceableMessage(order.status));
      // Billed monthly on delivery (decision 014): only the completed order's final invoice is made here.
      if (order.billingMode === 'monthly') return createFinalInvoice({ tx, order, input, today });
      if (await hasLiveInvoice(tx, order.id)) throw conflict(BILLING_MESSAGES.alreadyInvoiced);
      const discountCents = toCents(input.discount_amount);
      // Missed spots that were credited (makegoods declined, expired or impossible) are not billed.
      const subtotalCents = billableAmount(order.totalAmountCents, await creditsOf(tx, order.id));
      if (discountCents > subtotalCents) throw badRequest(BILLING_MESSAGES.discountAboveSubtotal, 'discount_amount');
      const invoiceId = await insertInvoice(tx, {
        order,
        subtotalCents,
        discountCents,
        taxRate: input.tax_rate,
        today,
        dueDays: input.due_days,
        paymentTerms: input.payment_terms,
        notes: input.notes,
      });
      await insertUpFrontLines(tx, invoiceId, order, subtotalCents);
      return getInvoice(tx, invoiceId, today);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BILLING_MESSAGES.alreadyInvoiced);
    throw error;
  }
};

/**
 * Marks the invoice sent (draft, sent or overdue; a resend keeps it sent) and, in the same
 * transaction, queues its e-mail (transactional outbox): a reply of success means the message is
 * stored; if it cannot be, nothing changes.
 */
export const markInvoiceSent = async ({
  db,
  id,
  today,
  timeZone,
  compose,
  mailer,
}: {
  db: Db;
  id: string;
  today: string;
  timeZone: string;
  /** The message, given the invoice as sent and its issuer as frozen on it. */
  compose: (detail: InvoiceDetail, station: StationIssuer) => MailMessage | null | Promise<MailMessage | null>;
  mailer: Pick<Mailer, 'stage'>;
}): Promise<Invoice> => {
  const { invoice, deliver } = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    const shown = shownInvoiceStatus(row, today);
    if (!canSendInvoice(shown)) throw conflict(cannotSendMessage(shown));
    await tx.update(invoices).set({ status: 'sent', sentAt: new Date() }).where(eq(invoices.id, id));
    await freezeIssuedParties(tx, id, await getInvoiceDetail({ db: tx, id, today, timeZone }));
    const message = await compose(await getInvoiceDetail({ db: tx, id, today, timeZone }), await issuerOf(tx, id));
    await emitInvoiceEvent(tx, 'invoice.sent', row);
    return { invoice: await getInvoice(tx, id, today), deliver: message ? await mailer.stage(tx, message) : () => undefined };
  });
  deliver();
  return invoice;
};

/** Records a payment of at most the balance; the invoice is paid once nothing is left to pay, and a draft with part paid becomes sent. */
export const recordPayment = async ({
  db,
  actorId,
  id,
  amount,
  paymentDate,
  notes,
  method = null,
  reference = null,
  today,
  timeZone,
}: {
  db: Db;
  actorId: string;
  id: string;
  amount: number;
  paymentDate: string;
  notes: string | null;
  method?: PaymentMethod | null;
  reference?: string | null;
  today: string;
  timeZone: string;
}): Promise<{ invoice: Invoice; payment: InvoicePayment }> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    const shown = shownInvoiceStatus(row, today);
    if (!canRecordPayment(shown)) throw conflict(cannotPayMessage(shown));
    // A day of slack: a browser far east of the station may already be in tomorrow.
    if (paymentDate > addDays(today, 1)) throw badRequest('Payment date cannot be in the future', 'payment_date');
    const amountCents = toCents(amount);
    // The balance: net (total less commission) less credit notes and payments, plus refunds.
    const balance = Math.max(0, invoiceBalanceCents(row));
    if (amountCents > balance) throw badRequest(overBalanceMessage(balance), 'amount');
    const [payment] = await tx
      .insert(invoicePayments)
      .values({ invoiceId: id, amountCents, paymentDate, notes, method, reference, createdBy: actorId })
      .returning();
    const paidCents = row.paidCents + amountCents;
    await tx
      .update(invoices)
      // A payment on a draft issues it (decision 019): it reads "Partially paid" with its balance,
      // counts as receivable and can fall overdue; nothing is mailed (Send does that).
      .set({ paidCents, ...(amountCents === balance ? { status: 'paid' as const } : row.status === 'draft' && { status: 'sent' as const }) })
      .where(eq(invoices.id, id));
    // A payment issues a draft: its parties are frozen as a send would.
    if (row.status === 'draft') await freezeIssuedParties(tx, id, await getInvoiceDetail({ db: tx, id, today, timeZone }));
    if (amountCents === balance) await emitInvoiceEvent(tx, 'invoice.paid', row);
    return { invoice: await getInvoice(tx, id, today), payment: toPayment(payment!) };
  });
