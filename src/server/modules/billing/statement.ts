/**
 * An advertiser's account statement (decision 038): the movements on its issued invoices (not
 * drafts), optionally of one brand, read here and summed by the domain's statementOf.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { invoiceBalanceCents } from '../../../domain/billing';
import { PAYMENT_METHOD_LABELS } from '../../../domain/billing';
import { dateRangeLabel } from '../../../domain/billing-up-front';
import { localDateOf } from '../../../domain/dates';
import { statementByChannel, statementOf, STATEMENT_MESSAGES, toStatementReply, type Statement, type StatementMovement } from '../../../domain/statement';
import { channelLabel } from '../../../domain/channel-schemas';
import { advertiserName } from '../../../domain/users';
import { creditNotes, invoicePayments, invoices } from '../../db/schema';
import { brandSummary } from '../brands/public';
import { channelsToMatch } from '../channels/public';
import { userSummary } from '../users/public';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';

const invoiceDescription = (row: { name: string | null; kind: string; periodStart: string | null; periodEnd: string | null }) => {
  const order = row.name?.trim() || 'Untitled order';
  return row.kind === 'up_front' ? order : `${order}, ${dateRangeLabel(row.periodStart, row.periodEnd)}`;
};

export const getStatement = async ({
  db,
  customerId,
  brandId,
  channels = null,
  from,
  to,
  timeZone,
}: {
  db: Tx;
  customerId: string;
  brandId: string | null;
  /** The channels whose orders' invoices it covers (decision 053); null: every channel. */
  channels?: readonly string[] | null;
  from: string;
  to: string;
  timeZone: string;
}): Promise<Statement> => {
  const customer = await userSummary(db, customerId);
  if (!customer) throw notFound(STATEMENT_MESSAGES.customerNotFound);

  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      name: ordersView.estimateName,
      channelId: ordersView.channelId,
      kind: invoices.kind,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      commissionCents: invoices.commissionCents,
      creditedCents: invoices.creditedCents,
      paidCents: invoices.paidCents,
      refundedCents: invoices.refundedCents,
      voidedAt: invoices.voidedAt,
      voidReason: invoices.voidReason,
    })
    .from(invoices)
    .innerJoin(ordersView, eq(ordersView.id, invoices.estimateId))
    .where(
      and(
        eq(invoices.customerId, customerId),
        ne(invoices.status, 'draft'),
        brandId ? eq(invoices.brandId, brandId) : undefined,
        channels ? inArray(ordersView.channelId, [...channels]) : undefined,
      ),
    );
  const ids = rows.map((r) => r.id);
  const channelOf = new Map(rows.map((r) => [r.id, r.channelId]));
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  const payments = ids.length ? await db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)) : [];
  const notes = ids.length ? await db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, ids)) : [];

  const movements: StatementMovement[] = [
    ...rows.map((r) => ({
      kind: 'invoice' as const,
      date: r.issueDate,
      invoiceId: r.id,
      invoiceNumber: r.number,
      reference: r.number,
      description: invoiceDescription(r),
      amountCents: r.totalCents - r.commissionCents,
    })),
    ...payments.map((p) => ({
      kind: p.direction === 'refund' ? ('refund' as const) : ('payment' as const),
      date: p.paymentDate,
      invoiceId: p.invoiceId,
      invoiceNumber: numberOf.get(p.invoiceId)!,
      reference: p.reference,
      description: [p.direction === 'refund' ? 'Refund paid' : 'Payment received', p.method && PAYMENT_METHOD_LABELS[p.method]].filter(Boolean).join(' · '),
      amountCents: p.direction === 'refund' ? p.amountCents : -p.amountCents,
    })),
    ...notes.map((n) => ({
      kind: 'credit_note' as const,
      date: n.issueDate,
      invoiceId: n.invoiceId,
      invoiceNumber: numberOf.get(n.invoiceId)!,
      reference: n.creditNumber,
      description: n.reason,
      amountCents: -n.amountCents,
    })),
    // A void takes back whatever the invoice still asked, so that it owes nothing from that day.
    ...rows
      .filter((r) => r.status === 'cancelled')
      .map((r) => ({
        kind: 'void' as const,
        date: r.voidedAt ? localDateOf(r.voidedAt, timeZone) : r.issueDate,
        invoiceId: r.id,
        invoiceNumber: r.number,
        reference: r.number,
        description: r.voidReason ? `Voided: ${r.voidReason}` : 'Voided',
        amountCents: -invoiceBalanceCents(r),
      })),
  ];
  const withChannels = movements.map((m) => ({ ...m, channelId: channelOf.get(m.invoiceId) }));
  const cents = statementOf({ from, to, movements, dues: rows.filter((r) => r.status !== 'cancelled').map((r) => ({ invoiceId: r.id, dueDate: r.dueDate })) });
  const labels = new Map(
    (await channelsToMatch(db)).map((c) => [c.id, `${channelLabel({ call_letters: c.callLetters, channel_number: c.channelNumber })} · ${c.name}`]),
  );
  return toStatementReply(
    cents,
    {
      customer: { id: customer.id, name: advertiserName(customer.company, customer.firstName, customer.lastName, customer.email), email: customer.email },
      brandId,
      from,
      to,
    },
    statementByChannel({ from, to, movements: withChannels }).map((part) => ({ ...part, label: labels.get(part.channelId) ?? '' })),
  );
};

/**
 * The brand a statement is limited to: the customer's own, or one it was billed for (an agency's
 * advertiser's brand on its invoices). Any other answers 404, as a brand that does not exist does.
 */
export const statementBrand = async (db: Tx, customerId: string, brandId: string | undefined): Promise<{ id: string; name: string } | null> => {
  if (!brandId) return null;
  const billed = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.brandId, brandId)));
  const brand = await brandSummary(db, brandId);
  const reachable = brand && (brand.ownerId === customerId || (await billed.limit(1)).length > 0);
  if (!brand || !reachable) throw notFound(STATEMENT_MESSAGES.brandNotFound);
  return { id: brand.id, name: brand.commonName };
};
