import { describe, expect, it } from 'vitest';
import { createInvoiceDefaults, toCreateInvoiceBody } from './billing-display';

describe('toCreateInvoiceBody', () => {
  const values = { ...createInvoiceDefaults(), estimate_id: 'e1' };

  it('sends the spec defaults: 30 days, no tax, no discount, Net 30 days', () => {
    expect(toCreateInvoiceBody(values, 5000)).toEqual({
      ok: true,
      estimateId: 'e1',
      body: { due_days: 30, tax_rate: 0, discount_amount: 0, payment_terms: 'Net 30 days', notes: undefined },
    });
  });

  it('sends the tax rate typed as a percent as a fraction', () => {
    const result = toCreateInvoiceBody({ ...values, tax_percent: '8.25', discount_amount: '100.50', notes: ' hi ' }, 5000);
    expect(result).toMatchObject({ ok: true, body: { tax_rate: 0.0825, discount_amount: 100.5, notes: 'hi' } });
  });

  it('explains each refusal with the server’s message', () => {
    const result = toCreateInvoiceBody({ ...values, estimate_id: '', due_days: '0', tax_percent: '101', discount_amount: '5000.01' }, 5000);
    expect(result).toEqual({
      ok: false,
      errors: {
        estimate_id: 'Please choose an approved order',
        due_days: 'Due days must be a whole number between 1 and 365',
        tax_percent: 'Tax rate must be between 0% and 100%',
        discount_amount: 'Discount amount cannot exceed the invoice subtotal',
      },
    });
    expect(toCreateInvoiceBody({ ...values, discount_amount: '-1' }, 5000)).toMatchObject({
      errors: { discount_amount: 'Discount amount cannot be negative' },
    });
  });
});
