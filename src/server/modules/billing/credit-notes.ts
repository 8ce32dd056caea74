/**
 * Credit notes (decision 013): a credit against a sent, overdue or paid invoice for part or all of
 * what it still asks, numbered CN-<issue year>-<6 digits>. The invoice row is locked while its
 * credited amount grows, so two credit notes racing for the rest cannot both pass.
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { invoiceBalanceCents, shownInvoiceStatus } from '../../../domain/billing';
import { CORRECTION_MESSAGES, creditRefusal, creditableCents, overCreditMessage, type CreditNote } from '../../../domain/billing-corrections';
import { toCents, toDollars } from '../../../domain/money';
import { creditNotes, invoices } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { lockInvoice } from './invoice-rows';
import { emitEvent } from '../webhooks/outbox';

const creditNumberFor = (issueDate: string) => sql<string>`'CN-' || ${issueDate.slice(0, 4)} || '-' || lpad(nextval('credit_note_number_seq')::text, 6, '0')`;

type CreditNoteRow = typeof creditNotes.$inferSelect;
const toCreditNote = (row: CreditNoteRow, invoiceNumber: string): CreditNote => ({
  id: row.id,
  credit_number: row.creditNumber,
  invoice_id: row.invoiceId,
  invoice_number: invoiceNumber,
  amount: toDollars(row.amountCents),
  reason: row.reason,
  issue_date: row.issueDate,
  created_at: row.createdAt.toISOString(),
});

const selectCreditNotes = (db: Tx, where: SQL) =>
  db
    .select({ note: creditNotes, invoiceNumber: invoices.invoiceNumber })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(where);

/** An invoice's credit notes, oldest first. */
export const creditNotesOfInvoice = async (db: Tx, invoiceId: string): Promise<CreditNote[]> =>
  (await selectCreditNotes(db, eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.createdAt), asc(creditNotes.creditNumber))).map((r) =>
    toCreditNote(r.note, r.invoiceNumber),
  );

/** A customer's credit notes, newest first. */
export const creditNotesOfCustomer = async (db: Tx, customerId: string): Promise<CreditNote[]> =>
  (await selectCreditNotes(db, eq(creditNotes.customerId, customerId)).orderBy(desc(creditNotes.createdAt), desc(creditNotes.creditNumber))).map((r) =>
    toCreditNote(r.note, r.invoiceNumber),
  );

/** One credit note with the invoice it credits and its customer; 404 when missing. */
export const getCreditNote = async (db: Tx, id: string): Promise<CreditNote & { customer_id: string }> => {
  const [row] = await selectCreditNotes(db, eq(creditNotes.id, id)).limit(1);
  if (!row) throw notFound(CORRECTION_MESSAGES.creditNoteNotFound);
  return { ...toCreditNote(row.note, row.invoiceNumber), customer_id: row.note.customerId };
};

/**
 * Issues a credit note: at most the creditable amount (net less what is already credited). The
 * invoice is paid once nothing is left to pay; when credits and payments pass the net, the
 * difference is the refund due.
 */
export const issueCreditNote = async ({
  db,
  actorId,
  id,
  amount,
  reason,
  today,
}: {
  db: Db;
  actorId: string;
  id: string;
  amount: number;
  reason: string;
  today: string;
}): Promise<CreditNote> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    const refusal = creditRefusal(shownInvoiceStatus(row, today));
    if (refusal) throw conflict(refusal);
    const creditable = creditableCents(row);
    if (creditable === 0) throw conflict(CORRECTION_MESSAGES.fullyCredited);
    const amountCents = toCents(amount);
    if (amountCents > creditable) throw badRequest(overCreditMessage(creditable), 'amount');
    const [note] = await tx
      .insert(creditNotes)
      .values({
        creditNumber: creditNumberFor(today),
        invoiceId: id,
        estimateId: row.estimateId,
        customerId: row.customerId,
        amountCents,
        reason,
        issueDate: today,
        createdBy: actorId,
      })
      .returning();
    const creditedCents = row.creditedCents + amountCents;
    const settled = invoiceBalanceCents({ ...row, creditedCents }) <= 0;
    await tx
      .update(invoices)
      .set({ creditedCents, ...(settled && row.status === 'sent' && { status: 'paid' as const }) })
      .where(eq(invoices.id, id));
    await emitEvent(tx, {
      type: 'credit_note.issued',
      ownerId: row.customerId,
      data: { credit_note_id: note!.id, credit_number: note!.creditNumber, invoice_id: id, amount: amountCents / 100, reason },
    });
    return toCreditNote(note!, row.invoiceNumber);
  });
