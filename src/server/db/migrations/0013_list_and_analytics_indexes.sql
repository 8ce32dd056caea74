-- The dashboard's airings of a period, for every campaign; INCLUDE lets the totals read the index alone (decision 016).
CREATE INDEX "campaign_deliveries_aired_idx" ON "campaign_deliveries" USING btree ("aired_at") INCLUDE ("impressions", "spend_cents");--> statement-breakpoint
CREATE INDEX "campaigns_end_date_idx" ON "campaigns" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "estimates_order_time_idx" ON "estimates" USING btree (coalesce("submitted_at", "created_at"));--> statement-breakpoint
-- An expression index has no statistics until the table is analyzed: without them the planner
-- guesses a third of the orders for any window and scans them all.
ANALYZE "estimates";--> statement-breakpoint
ANALYZE "campaign_deliveries";
