-- Issue 29 item 22 (decision 033): a payment or refund says how the money moved and by what
-- reference (cheque number, transfer id). Both optional: payments recorded before stay as they were.
ALTER TABLE "invoice_payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method_check" CHECK ("method" is null or "method" in ('check', 'ach', 'wire', 'card', 'cash', 'other'));
