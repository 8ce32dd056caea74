/**
 * Correcting an invoice (decision 013): voiding one nobody has paid or credited, and recording a
 * refund of what a credit note made due. Each locks the invoice row (SELECT … FOR UPDATE) first, so a
 * void racing a payment, or two refunds, take turns and exactly one sees the state it expects.
 */
import { count, eq } from 'drizzle-orm';
import { shownInvoiceStatus, type PaymentMethod } from '../../../domain/billing';
import { CORRECTION_MESSAGES, overRefundMessage, refundDueCents, voidRefusal } from '../../../domain/billing-corrections';
import type { Invoice, InvoicePayment } from '../../../domain/billing-schemas';
import { addDays } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { creditNotes, invoicePayments, invoices } from '../../db/schema';
import { unmarkSpotsBilled } from '../traffic/public';
import type { Db } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { toPayment } from './present';
import { getInvoice } from './queries';
import { lockInvoice } from './invoice-rows';
import { emitInvoiceEvent } from '../webhooks/outbox';

/**
 * Voids a draft, sent or overdue invoice with no payments and no credit notes: it becomes cancelled
 * with its reason, keeps its number (never reused), and gives back the aired spots it billed; its
 * order may be invoiced again.
 */
export const voidInvoice = async ({
  db,
  actorId,
  id,
  reason,
  today,
}: {
  db: Db;
  actorId: string;
  id: string;
  reason: string;
  today: string;
}): Promise<Invoice> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    const refusal = voidRefusal(shownInvoiceStatus(row, today));
    if (refusal) throw conflict(refusal);
    const [payments] = await tx.select({ n: count() }).from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
    if (row.paidCents > 0 || Number(payments?.n ?? 0) > 0) throw conflict(CORRECTION_MESSAGES.voidWithPayments);
    const [credits] = await tx.select({ n: count() }).from(creditNotes).where(eq(creditNotes.invoiceId, id));
    if (row.creditedCents > 0 || Number(credits?.n ?? 0) > 0) throw conflict(CORRECTION_MESSAGES.voidWithCredits);
    await tx.update(invoices).set({ status: 'cancelled', voidReason: reason, voidedAt: new Date(), voidedBy: actorId }).where(eq(invoices.id, id));
    await emitInvoiceEvent(tx, 'invoice.voided', row);
    // Spots billed on delivery are billable again (the traffic log's column that says which invoice billed them).
    await unmarkSpotsBilled(tx, id);
    return getInvoice(tx, id, today);
  });

/**
 * Records money paid back to the advertiser (record-only): at most the refund due. When it clears
 * the refund due of a fully credited invoice, the invoice is refunded.
 */
export const recordRefund = async ({
  db,
  actorId,
  id,
  amount,
  paymentDate,
  notes,
  method = null,
  reference = null,
  today,
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
}): Promise<{ invoice: Invoice; payment: InvoicePayment }> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (paymentDate > addDays(today, 1)) throw badRequest('Payment date cannot be in the future', 'payment_date');
    const amountCents = toCents(amount);
    const due = refundDueCents(row);
    if (amountCents > due) throw badRequest(overRefundMessage(due), 'amount');
    const [payment] = await tx
      .insert(invoicePayments)
      .values({ invoiceId: id, amountCents, direction: 'refund', paymentDate, notes, method, reference, createdBy: actorId })
      .returning();
    const fullyCredited = row.creditedCents === row.totalCents - row.commissionCents;
    await tx
      .update(invoices)
      .set({ refundedCents: row.refundedCents + amountCents, ...(amountCents === due && fullyCredited && { status: 'refunded' as const }) })
      .where(eq(invoices.id, id));
    return { invoice: await getInvoice(tx, id, today), payment: toPayment(payment!) };
  });
