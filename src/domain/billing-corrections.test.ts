import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  canOfferCredit,
  canOfferVoid,
  creditRefusal,
  creditableCents,
  creditNoteBodySchema,
  refundDueCents,
  voidInvoiceBodySchema,
  voidRefusal,
} from './billing-corrections';

const invoice = { totalCents: 100_000, commissionCents: 15_000, creditedCents: 0, paidCents: 0, refundedCents: 0 };

describe('invoice corrections', () => {
  it('buckets days past due: current up to the due date, then 1–30, 31–60, 61–90, 90+', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'days_1_30',
      'days_1_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'days_over_90',
      'days_over_90',
    ]);
  });

  it('credits up to the net less what is credited; a refund is due once credits and payments pass the net', () => {
    expect(creditableCents(invoice)).toBe(85_000);
    expect(creditableCents({ ...invoice, creditedCents: 85_000 })).toBe(0);
    expect(refundDueCents({ ...invoice, paidCents: 85_000, creditedCents: 20_000 })).toBe(20_000);
    expect(refundDueCents({ ...invoice, paidCents: 85_000, creditedCents: 20_000, refundedCents: 5_000 })).toBe(15_000);
    expect(refundDueCents({ ...invoice, paidCents: 10_000 })).toBe(0);
  });

  it('voids draft, sent and overdue invoices only; credits sent, overdue and paid ones only', () => {
    expect((['draft', 'sent', 'overdue'] as const).map(voidRefusal)).toEqual([null, null, null]);
    expect(voidRefusal('paid')).toBe('A paid invoice cannot be voided; issue a credit note instead');
    expect(voidRefusal('cancelled')).toBe('This invoice is already void');
    expect((['sent', 'overdue', 'paid'] as const).map(creditRefusal)).toEqual([null, null, null]);
    expect(creditRefusal('draft')).toBe('A draft invoice cannot be credited; void it instead');
    expect(canOfferVoid({ status: 'sent', paid_amount: 0, credited_amount: 0 })).toBe(true);
    expect(canOfferVoid({ status: 'sent', paid_amount: 1, credited_amount: 0 })).toBe(false);
    expect(canOfferCredit({ status: 'paid', net_amount: 100, credited_amount: 40 })).toBe(true);
    expect(canOfferCredit({ status: 'paid', net_amount: 100, credited_amount: 100 })).toBe(false);
  });

  it('parses the payloads with the messages the screens show', () => {
    expect(voidInvoiceBodySchema.safeParse({ reason: '  Booked twice ' }).data).toEqual({ reason: 'Booked twice' });
    expect(voidInvoiceBodySchema.safeParse({ reason: '' }).error?.issues[0]?.message).toBe('Give a reason for voiding the invoice');
    expect(creditNoteBodySchema.safeParse({ amount: '12.50', reason: 'Missed' }).data).toEqual({ amount: 12.5, reason: 'Missed' });
    expect(creditNoteBodySchema.safeParse({ amount: 1e11, reason: 'x' }).error?.issues[0]?.message).toBe('Credit amount is too large');
  });
});
