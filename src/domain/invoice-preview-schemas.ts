import { z } from 'zod';
import { BILLING_MESSAGES } from './billing';
import { createInvoiceBodySchema } from './billing-schemas';

/**
 * GET /api/billing/preview (decision 019): what Create Invoice would bill for an order with the
 * given tax rate and discount, computed by the same rules, without creating anything.
 */
export const invoicePreviewQuerySchema = z
  .object({ estimate_id: z.uuid({ error: BILLING_MESSAGES.estimateNotFound }), tax_rate: z.unknown().optional(), discount_amount: z.unknown().optional() })
  .transform((query, ctx) => {
    const parsed = createInvoiceBodySchema.safeParse({ tax_rate: query.tax_rate, discount_amount: query.discount_amount });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      ctx.addIssue({ code: 'custom', message: issue?.message ?? 'Invalid input', path: issue?.path ?? [] });
      return z.NEVER;
    }
    return { estimate_id: query.estimate_id, tax_rate: parsed.data.tax_rate, discount_amount: parsed.data.discount_amount };
  });

export const invoicePreviewSchema = z.object({
  estimate_id: z.uuid(),
  /** The order's amount less credits for missed spots (up front), or its aired, unbilled spots (a final invoice). */
  subtotal: z.number(),
  discount_amount: z.number(),
  tax_rate: z.number(),
  tax_amount: z.number(),
  total_amount: z.number(),
  /** An agency's commission, kept back from the total; 0 otherwise. */
  commission_amount: z.number(),
  /** What the customer will owe: total less commission. */
  amount_due: z.number(),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
