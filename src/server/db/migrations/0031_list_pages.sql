-- Issue 28, decision 037: lists at a station's volume.
-- Brands by keyset page, newest first (created_at desc, id desc): a backward walk of this index.
CREATE INDEX brands_created_idx ON brands (created_at, id);
--> statement-breakpoint
-- Reconciliation pending: booked orders, oldest first. Its page walks only booked orders and its count
-- reads them from the index alone (the visibility map permitting) instead of the whole table.
CREATE INDEX estimates_booked_created_idx ON estimates (created_at, id) WHERE status IN ('approved', 'scheduled', 'active', 'completed');
--> statement-breakpoint
-- Receivables ageing: the open (sent) invoices per advertiser in order, with what their balance needs,
-- read from the index alone and grouped without a sort.
CREATE INDEX invoices_receivable_idx ON invoices (customer_id, due_date) INCLUDE (total_cents, commission_cents, credited_cents, paid_cents, refunded_cents) WHERE status = 'sent';
--> statement-breakpoint
-- Users by keyset page in the list's order (created_at desc, then e-mail): without it, users sharing a
-- creation time (an import) are sorted whole for every page.
CREATE INDEX users_created_email_idx ON users (created_at DESC, email);
