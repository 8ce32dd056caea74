/**
 * Invoices as the API shows them: one query joins the order, its owner (the customer) and brand.
 * Money leaves here in dollars; the shown status (overdue) is computed against `today`.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { invoiceBalanceCents, invoiceBalanceDueCents, invoiceStatusLabel, shownInvoiceStatus } from '../../../domain/billing';
import type { Invoice, InvoicePayment } from '../../../domain/billing-schemas';
import { toDollars } from '../../../domain/money';
import { fullName } from '../../../domain/users';
import { brands, invoices, users, type invoicePayments } from '../../db/schema';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';

export type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

export const selectInvoices = (db: Tx) =>
  db
    .select({
      invoice: getTableColumns(invoices),
      estimateName: ordersView.estimateName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      brandName: brands.commonName,
    })
    .from(invoices)
    .innerJoin(ordersView, eq(ordersView.id, invoices.estimateId))
    .innerJoin(users, eq(users.id, invoices.customerId))
    .leftJoin(brands, eq(brands.id, invoices.brandId))
    .$dynamic();

export type SelectedInvoice = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

export const toInvoice = ({ invoice, ...row }: SelectedInvoice, today: string): Invoice => ({
  id: invoice.id,
  invoice_number: invoice.invoiceNumber,
  estimate_id: invoice.estimateId,
  estimate_name: row.estimateName,
  customer_id: invoice.customerId,
  customer_name: fullName(row.firstName, row.lastName) ?? row.email,
  customer_email: row.email,
  brand_id: invoice.brandId,
  brand_name: row.brandName,
  subtotal: toDollars(invoice.subtotalCents),
  discount_amount: toDollars(invoice.discountCents),
  tax_rate: Number(invoice.taxRate),
  tax_amount: toDollars(invoice.taxCents),
  total_amount: toDollars(invoice.totalCents),
  commission_rate: Number(invoice.commissionRate),
  commission_amount: toDollars(invoice.commissionCents),
  net_amount: toDollars(invoice.totalCents - invoice.commissionCents),
  credited_amount: toDollars(invoice.creditedCents),
  paid_amount: toDollars(invoice.paidCents),
  refunded_amount: toDollars(invoice.refundedCents),
  balance_due: toDollars(invoiceBalanceDueCents(invoice)),
  refund_due: toDollars(Math.max(0, -invoiceBalanceCents(invoice))),
  status: shownInvoiceStatus(invoice, today),
  status_label: invoiceStatusLabel(invoice, today),
  kind: invoice.kind,
  period_start: invoice.periodStart,
  period_end: invoice.periodEnd,
  void_reason: invoice.voidReason,
  voided_at: invoice.voidedAt?.toISOString() ?? null,
  issue_date: invoice.issueDate,
  due_date: invoice.dueDate,
  payment_terms: invoice.paymentTerms,
  notes: invoice.notes,
  sent_at: invoice.sentAt?.toISOString() ?? null,
  created_at: invoice.createdAt.toISOString(),
  updated_at: invoice.updatedAt.toISOString(),
});

export const toPayment = (row: PaymentRow): InvoicePayment => ({
  id: row.id,
  invoice_id: row.invoiceId,
  amount: toDollars(row.amountCents),
  direction: row.direction,
  payment_date: row.paymentDate,
  notes: row.notes,
  method: row.method,
  reference: row.reference,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});
