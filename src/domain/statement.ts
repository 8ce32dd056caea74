/**
 * An account statement (issue 29, decision 038): every movement on an advertiser's issued invoices
 * over a period — invoices (net due), payments, credit notes, refunds paid back and voids — with the
 * balance before it (opening), after each line and at its end (closing), and the ageing of what is
 * still owed at the period's end. Each invoice's movements add up to its balance (invoiceBalanceCents),
 * a void one's to nothing, so the closing balance is what the invoices say is owed.
 */
import { z } from 'zod';
import { AGEING_BUCKETS, ageingBucket, type AgeingBucket } from './billing-corrections';
import { daysBetween, isIsoDate } from './dates';
import { formatCurrency } from './format';
import { toDollars } from './money';

export const STATEMENT_LINE_KINDS = ['invoice', 'payment', 'credit_note', 'refund', 'void'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
export const STATEMENT_LINE_LABELS: Record<StatementLineKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  refund: 'Refund',
  void: 'Void',
};

/** One movement, in cents: positive adds to what is owed (an invoice, a refund paid back), negative takes from it. */
export interface StatementMovement {
  kind: StatementLineKind;
  date: string;
  invoiceId: string;
  invoiceNumber: string;
  /** The document or payment: the invoice's or credit note's number, the payment's reference. */
  reference: string | null;
  description: string;
  amountCents: number;
  /** The channel of the invoice's order (decision 053). */
  channelId?: string;
}

export interface StatementInvoiceDue {
  invoiceId: string;
  dueDate: string;
}

/** Sorted by date, then an invoice before what settles it, then as given. */
const KIND_ORDER: Record<StatementLineKind, number> = { invoice: 0, refund: 1, payment: 2, credit_note: 3, void: 4 };

export interface StatementCents {
  opening: number;
  lines: (StatementMovement & { balanceCents: number })[];
  totals: { invoiced: number; payments: number; credits: number; refunds: number; voided: number };
  closing: number;
  ageing: Record<AgeingBucket, number> & { total: number };
}

/** One channel's part of a statement (decision 053): the parts add up to the statement's balances. */
export interface StatementChannelCents {
  channelId: string;
  opening: number;
  invoiced: number;
  closing: number;
}

/** The statement's balances split by the channel of each invoice's order, channels in order of first movement. */
export const statementByChannel = ({ from, to, movements }: { from: string; to: string; movements: readonly StatementMovement[] }): StatementChannelCents[] => {
  const parts = new Map<string, StatementChannelCents>();
  for (const m of [...movements].sort((a, b) => a.date.localeCompare(b.date))) {
    if (m.channelId === undefined || m.date > to) continue;
    const part = parts.get(m.channelId) ?? { channelId: m.channelId, opening: 0, invoiced: 0, closing: 0 };
    if (m.date < from) part.opening += m.amountCents;
    else if (m.kind === 'invoice') part.invoiced += m.amountCents;
    part.closing += m.amountCents;
    parts.set(m.channelId, part);
  }
  return [...parts.values()];
};

/** The statement of `movements` (every one of the advertiser's, any date) for the days `from` to `to`. */
export const statementOf = ({
  from,
  to,
  movements,
  dues,
}: {
  from: string;
  to: string;
  movements: readonly StatementMovement[];
  dues: readonly StatementInvoiceDue[];
}): StatementCents => {
  const sorted = [...movements].sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const opening = sorted.filter((m) => m.date < from).reduce((sum, m) => sum + m.amountCents, 0);
  let balance = opening;
  const lines = sorted
    .filter((m) => m.date >= from && m.date <= to)
    .map((m) => {
      balance += m.amountCents;
      return { ...m, balanceCents: balance };
    });
  const sumOf = (kind: StatementLineKind) => Math.abs(lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amountCents, 0));
  // What each invoice still asks at the period's end, by how long past due.
  const owed = new Map<string, number>();
  for (const m of sorted) if (m.date <= to) owed.set(m.invoiceId, (owed.get(m.invoiceId) ?? 0) + m.amountCents);
  const ageing = { ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, number>), total: 0 };
  for (const due of dues) {
    const amount = owed.get(due.invoiceId) ?? 0;
    if (amount <= 0) continue;
    ageing[ageingBucket(daysBetween(due.dueDate, to))] += amount;
    ageing.total += amount;
  }
  return {
    opening,
    lines,
    totals: { invoiced: sumOf('invoice'), payments: sumOf('payment'), credits: sumOf('credit_note'), refunds: sumOf('refund'), voided: sumOf('void') },
    closing: balance,
    ageing,
  };
};

// ── the period and the reply ────────────────────────────────────────────────────

export const STATEMENT_MESSAGES = {
  badDate: 'Dates must be YYYY-MM-DD',
  fromAfterTo: 'The statement must start on or before its end',
  tooLong: 'A statement covers at most 5 years',
  customerNotFound: 'Customer not found',
  brandNotFound: 'Brand not found',
} as const;
export const STATEMENT_MAX_DAYS = 5 * 366;

/** The period asked for; by default the month so far (from its first day to today). */
export const statementPeriod = (query: { from?: string; to?: string }, today: string): { from: string; to: string } => {
  const to = query.to ?? today;
  return { from: query.from ?? `${to.slice(0, 8)}01`, to };
};

const bothDates = (q: { from?: unknown; to?: unknown }) => typeof q.from === 'string' && typeof q.to === 'string' && isIsoDate(q.from) && isIsoDate(q.to);
const isoDay = z.string({ error: STATEMENT_MESSAGES.badDate }).refine(isIsoDate, { error: STATEMENT_MESSAGES.badDate });
export const statementQuerySchema = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    brand_id: z.uuid({ error: 'Invalid brand id' }).optional(),
    /** One channel's invoices (decision 053); left out, every channel's (a limited admin's: theirs). */
    channel_id: z.uuid({ error: 'Channel not found' }).optional(),
  })
  // Run only on two readable dates (zod runs an object's refinements after a field has failed too).
  .refine((q) => !bothDates(q) || q.from! <= q.to!, { error: STATEMENT_MESSAGES.fromAfterTo, path: ['from'] })
  .refine((q) => !bothDates(q) || q.from! > q.to! || daysBetween(q.from!, q.to!) <= STATEMENT_MAX_DAYS, { error: STATEMENT_MESSAGES.tooLong });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const money = z.number();
export const statementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  /** Signed: positive adds to the balance. */
  amount: money,
  balance: money,
});
export const statementSchema = z.object({
  customer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  brand_id: z.uuid().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  opening_balance: money,
  lines: z.array(statementLineSchema),
  totals: z.object({ invoiced: money, payments: money, credits: money, refunds: money, voided: money }),
  closing_balance: money,
  ageing: z.object({ ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, money])) as Record<AgeingBucket, typeof money>), total: money }),
  /** The balances by channel (decision 053): an agency's orders on several channels, grouped; they add up to the above. */
  channels: z.array(z.object({ channel_id: z.uuid(), channel: z.string(), opening_balance: money, invoiced: money, closing_balance: money })),
});
export type Statement = z.infer<typeof statementSchema>;

export const toStatementReply = (
  cents: StatementCents,
  head: { customer: Statement['customer']; brandId: string | null; from: string; to: string },
  channels: readonly (StatementChannelCents & { label: string })[] = [],
): Statement => ({
  customer: head.customer,
  brand_id: head.brandId,
  period_start: head.from,
  period_end: head.to,
  opening_balance: toDollars(cents.opening),
  lines: cents.lines.map((l) => ({
    date: l.date,
    kind: l.kind,
    invoice_id: l.invoiceId,
    invoice_number: l.invoiceNumber,
    reference: l.reference,
    description: l.description,
    amount: toDollars(l.amountCents),
    balance: toDollars(l.balanceCents),
  })),
  totals: {
    invoiced: toDollars(cents.totals.invoiced),
    payments: toDollars(cents.totals.payments),
    credits: toDollars(cents.totals.credits),
    refunds: toDollars(cents.totals.refunds),
    voided: toDollars(cents.totals.voided),
  },
  closing_balance: toDollars(cents.closing),
  ageing: {
    ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, toDollars(cents.ageing[b])])) as Record<AgeingBucket, number>),
    total: toDollars(cents.ageing.total),
  },
  channels: channels.map((c) => ({
    channel_id: c.channelId,
    channel: c.label,
    opening_balance: toDollars(c.opening),
    invoiced: toDollars(c.invoiced),
    closing_balance: toDollars(c.closing),
  })),
});

/** A signed amount as a statement prints it: '-$1,234.56' takes from the balance; nothing is '$0.00'. */
export const signedCurrency = (amount: number) => (amount < 0 ? `-${formatCurrency(-amount)}` : formatCurrency(amount));

export const statementPdfFilename = (customerName: string, to: string) => `statement-${customerName.replace(/[^\w.-]+/g, '_')}-${to}.pdf`;
