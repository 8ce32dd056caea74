-- A campaign's and an invoice's channel (issue 41, decision 053 "Scale"): its order's, which never changes, kept on
-- the row so that one channel's dashboards read its campaigns and invoices by an index instead of scanning the
-- tables for the ids of its orders. The owners write it from the order when they insert the row; the composite
-- foreign keys keep it the order's. A row written without it (an older writer) is the default channel's.
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_id_channel_key" UNIQUE ("id", "channel_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
-- The backfill is a data move, not a change anyone made: with the tables' own triggers off (the audit trail's,
-- which would write an event per row, and the rollups', which the channel does not change), on again after.
ALTER TABLE "campaigns" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "invoices" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "campaigns" c SET "channel_id" = e."channel_id" FROM "estimates" e WHERE e."id" = c."estimate_id";--> statement-breakpoint
UPDATE "invoices" i SET "channel_id" = e."channel_id" FROM "estimates" e WHERE e."id" = i."estimate_id";--> statement-breakpoint
ALTER TABLE "campaigns" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "channel_id" SET DEFAULT default_channel_id(), ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "channel_id" SET DEFAULT default_channel_id(), ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_estimate_channel_fkey" FOREIGN KEY ("estimate_id", "channel_id") REFERENCES "estimates"("id", "channel_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_channel_fkey" FOREIGN KEY ("estimate_id", "channel_id") REFERENCES "estimates"("id", "channel_id") ON DELETE RESTRICT;--> statement-breakpoint
-- A channel's campaigns newest first (the list) and their ids (its airings); those running in a period.
CREATE INDEX "campaigns_channel_created_idx" ON "campaigns" ("channel_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "campaigns_channel_end_date_idx" ON "campaigns" ("channel_id", "end_date");--> statement-breakpoint
-- A channel's invoices issued in a window (and their ids, for its payments); its receivables from the index
-- alone, as invoices_receivable_idx is the station's (migration 0031).
CREATE INDEX "invoices_channel_issue_date_idx" ON "invoices" ("channel_id", "issue_date", "id");--> statement-breakpoint
-- (status too: invoice_receivable_cents reads it, and a column it reads must be in the index for an index-only scan.)
CREATE INDEX "invoices_channel_receivable_idx" ON "invoices" ("channel_id", "due_date") INCLUDE ("customer_id", "status", "total_cents", "commission_cents", "credited_cents", "paid_cents", "refunded_cents") WHERE "status" = 'sent';--> statement-breakpoint
-- A channel's airings of a period: the window's airings from the index by time alone, with their campaign, hash-joined
-- with the channel's campaign ids (rather than one lookup per campaign of the channel, most of them long ended).
DROP INDEX "campaign_deliveries_aired_idx";--> statement-breakpoint
CREATE INDEX "campaign_deliveries_aired_idx" ON "campaign_deliveries" ("aired_at") INCLUDE ("campaign_id", "impressions", "spend_cents");
--> statement-breakpoint
-- A new column has no statistics until its table is analyzed: without them the planner takes a channel for
-- a two-hundredth of the rows, not a fiftieth, and walks a channel's campaigns one airing lookup at a time.
ANALYZE "campaigns";--> statement-breakpoint
ANALYZE "invoices";
