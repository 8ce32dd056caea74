CREATE INDEX "campaign_deliveries_aired_idx" ON "campaign_deliveries" USING btree ("aired_at");--> statement-breakpoint
CREATE INDEX "campaigns_end_date_idx" ON "campaigns" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "estimates_order_time_idx" ON "estimates" USING btree (coalesce("submitted_at", "created_at"));