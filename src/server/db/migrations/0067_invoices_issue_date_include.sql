-- Billing analytics (issue 41, decision 053 "Scale"): the window's invoices (33,000 of 800,000 at 1M orders) summed per
-- customer from the issue-date index alone, not from the table's pages. The same key, so every reader of the index is
-- served as before; the included columns are what billing analytics reads. A payment's update changes columns that
-- invoices_receivable_idx (migration 0031) already includes, so no update that was HOT stops being so.
DROP INDEX IF EXISTS "invoices_issue_date_idx";--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" ("issue_date") INCLUDE ("customer_id", "status", "total_cents", "commission_cents", "paid_cents", "refunded_cents");
