import { describe, expect, it } from 'vitest';
import { canOfferInvoiceActions, canRecordPayment, canSendInvoice, invoiceAmounts, paymentTermsFor, shownInvoiceStatus, termsAfterDueDays } from './billing';

describe('invoiceAmounts', () => {
  it('taxes the subtotal after the discount, half a cent up', () => {
    expect(invoiceAmounts({ subtotalCents: 500_000, discountCents: 10_055, taxRate: 0.0825 })).toEqual({
      subtotalCents: 500_000,
      discountCents: 10_055,
      taxCents: 40_420,
      totalCents: 530_365,
    });
    expect(invoiceAmounts({ subtotalCents: 10, discountCents: 0, taxRate: 0.05 }).taxCents).toBe(1);
    expect(invoiceAmounts({ subtotalCents: 10, discountCents: 0, taxRate: 0.0499 }).taxCents).toBe(0);
  });

  it('stays exact for amounts whose product passes 2^53', () => {
    const { taxCents } = invoiceAmounts({ subtotalCents: 100_000_000_000, discountCents: 0, taxRate: 0.123457 });
    expect(taxCents).toBe(12_345_700_000);
  });

  it('never taxes below zero', () => {
    expect(invoiceAmounts({ subtotalCents: 100, discountCents: 100, taxRate: 1 })).toMatchObject({ taxCents: 0, totalCents: 0 });
  });
});

describe('shownInvoiceStatus', () => {
  const sent = { status: 'sent' as const, dueDate: '2026-03-01', totalCents: 100, commissionCents: 0, creditedCents: 0, paidCents: 0, refundedCents: 0 };
  it('shows a sent invoice with a balance past its due date as overdue', () => {
    expect(shownInvoiceStatus(sent, '2026-03-02')).toBe('overdue');
    expect(shownInvoiceStatus(sent, '2026-03-01')).toBe('sent');
    expect(shownInvoiceStatus({ ...sent, paidCents: 100 }, '2026-04-01')).toBe('sent');
    expect(shownInvoiceStatus({ ...sent, status: 'draft' }, '2026-04-01')).toBe('draft');
    expect(shownInvoiceStatus({ ...sent, creditedCents: 100 }, '2026-04-01')).toBe('sent');
  });
});

describe('actions by status', () => {
  it('offers Send and Record Payment only where the server takes them: draft, sent and overdue (issue 29, item 2)', () => {
    expect(['draft', 'sent', 'overdue'].every((s) => canOfferInvoiceActions(s as never))).toBe(true);
    expect(['paid', 'cancelled', 'refunded'].some((s) => canOfferInvoiceActions(s as never))).toBe(false);
    for (const can of [canSendInvoice, canRecordPayment]) {
      expect(['draft', 'sent', 'overdue'].every((s) => can(s as never))).toBe(true);
      expect(['paid', 'cancelled', 'refunded'].some((s) => can(s as never))).toBe(false);
    }
  });
});

describe('payment terms follow the due days (issue 29, item 22)', () => {
  it('says the due days, and terms that said the old ones follow; written terms stay', () => {
    expect(paymentTermsFor(30)).toBe('Net 30 days');
    expect(paymentTermsFor(1)).toBe('Net 1 day');
    expect(termsAfterDueDays('Net 30 days', '30', '45')).toBe('Net 45 days');
    expect(termsAfterDueDays('Net 45 days', '45', '')).toBe('Net 45 days');
    expect(termsAfterDueDays('Due on receipt of the affidavit', '30', '45')).toBe('Due on receipt of the affidavit');
    expect(termsAfterDueDays('Net 30 days', '30', '0')).toBe('Net 30 days');
  });
});
