/**
 * What Create Invoice would bill (decision 019): the same subtotal, discount, tax and commission
 * rules as createInvoiceFromEstimate and createFinalInvoice, read in one transaction, nothing written.
 */
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, INVOICEABLE_ORDER_STATUSES, invoiceAmounts, notInvoiceableMessage } from '../../../domain/billing';
import { DELIVERY_MESSAGES, deliveryLines } from '../../../domain/billing-delivery';
import type { InvoicePreview } from '../../../domain/invoice-preview-schemas';
import { toCents, toDollars } from '../../../domain/money';
import { billableAmount, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { invoices } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { lockReadableOrder, type OrderRow } from '../orders/public';
import { creditsOf } from '../makegoods/queries';
import { commissionFor } from './commission';
import { lockUnbilledSpots } from './invoice-lines';
import { hasLiveInvoice } from './invoice-rows';

/** Whether the order has a live invoice, or a live final one. */
const hasLiveInvoiceOf = (tx: Tx, estimateId: string, finalOnly: boolean) => hasLiveInvoice(tx, estimateId, finalOnly ? eq(invoices.kind, 'final') : undefined);

const subtotalCentsOf = async (tx: Tx, order: OrderRow): Promise<number> => {
  if (order.billingMode === 'monthly') {
    if (order.status !== 'completed') throw conflict(DELIVERY_MESSAGES.billMonthly);
    if (await hasLiveInvoiceOf(tx, order.id, true)) throw conflict(BILLING_MESSAGES.alreadyInvoiced);
    const spots = await lockUnbilledSpots(tx, order.id);
    if (spots.length === 0) throw conflict(DELIVERY_MESSAGES.nothingLeft);
    return deliveryLines(spots, '').reduce((sum, line) => sum + line.amountCents, 0);
  }
  if (await hasLiveInvoiceOf(tx, order.id, false)) throw conflict(BILLING_MESSAGES.alreadyInvoiced);
  return billableAmount(order.totalAmountCents, await creditsOf(tx, order.id));
};

export const previewInvoice = async ({
  db,
  actor,
  estimateId,
  taxRate,
  discountAmount,
}: {
  db: Db;
  actor: OrderActor;
  estimateId: string;
  taxRate: number;
  discountAmount: number;
}): Promise<InvoicePreview> =>
  db.transaction(async (tx) => {
    const order = await lockReadableOrder(tx, actor, estimateId);
    if (!(INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw conflict(notInvoiceableMessage(order.status));
    const subtotalCents = await subtotalCentsOf(tx, order);
    const discountCents = toCents(discountAmount);
    if (discountCents > subtotalCents) throw badRequest(BILLING_MESSAGES.discountAboveSubtotal, 'discount_amount');
    const amounts = invoiceAmounts({ subtotalCents, discountCents, taxRate });
    const { commissionCents } = await commissionFor(tx, order.ownerId, amounts.totalCents);
    return {
      estimate_id: order.id,
      subtotal: toDollars(amounts.subtotalCents),
      discount_amount: toDollars(amounts.discountCents),
      tax_rate: taxRate,
      tax_amount: toDollars(amounts.taxCents),
      total_amount: toDollars(amounts.totalCents),
      commission_amount: toDollars(commissionCents),
      amount_due: toDollars(amounts.totalCents - commissionCents),
    };
  });
