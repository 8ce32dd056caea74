/**
 * Invoices as the API shows them: one query joins the order; the customer and the brand are read from
 * their modules, one query each for any number of invoices.
 * Money leaves here in dollars; the shown status (overdue) is computed against `today`.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { invoiceBalanceCents, invoiceBalanceDueCents, invoiceStatusLabel, shownInvoiceStatus } from '../../../domain/billing';
import type { Invoice, InvoicePayment } from '../../../domain/billing-schemas';
import { toDollars } from '../../../domain/money';
import { advertiserName, fullName } from '../../../domain/users';
import { invoices, type invoicePayments } from '../../db/schema';
import { brandSummaries } from '../brands/public';
import { userSummaries } from '../users/public';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';

export type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

export const selectInvoices = (db: Tx) =>
  db
    .select({ invoice: getTableColumns(invoices), estimateName: ordersView.estimateName })
    .from(invoices)
    .innerJoin(ordersView, eq(ordersView.id, invoices.estimateId))
    .$dynamic();

type InvoiceWithOrder = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];
export type SelectedInvoice = InvoiceWithOrder & {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string;
  brandName: string | null;
};

/**
 * The invoices with their customers' names and brands' names: one query to the users module and one to
 * the brands module (an invoice whose customer is gone is left out, as the join did).
 */
export const withParties = async (db: Tx, rows: InvoiceWithOrder[]): Promise<SelectedInvoice[]> => {
  const [customers, brands] = await Promise.all([
    userSummaries(
      db,
      rows.map((row) => row.invoice.customerId),
    ),
    brandSummaries(
      db,
      rows.map((row) => row.invoice.brandId),
    ),
  ]);
  return rows.flatMap((row) => {
    const customer = customers.get(row.invoice.customerId);
    if (!customer) return [];
    const brandName = (row.invoice.brandId ? brands.get(row.invoice.brandId)?.commonName : undefined) ?? null;
    return [{ ...row, firstName: customer.firstName, lastName: customer.lastName, company: customer.company, email: customer.email, brandName }];
  });
};

export const toInvoice = ({ invoice, ...row }: SelectedInvoice, today: string): Invoice => ({
  id: invoice.id,
  invoice_number: invoice.invoiceNumber,
  estimate_id: invoice.estimateId,
  estimate_name: row.estimateName,
  customer_id: invoice.customerId,
  // One name for the advertiser on every document (issue 44, decision 061): ageing's and the statement's.
  customer_name: advertiserName(row.company, row.firstName, row.lastName, row.email),
  customer_email: row.email,
  customer_contact: fullName(row.firstName, row.lastName),
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
