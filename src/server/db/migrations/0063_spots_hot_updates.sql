-- An as-run import's settling of spots is a HOT update (issue 45, decision 062): no index of traffic_spots
-- holds a column the import writes (status, aired_at, actual_duration_seconds, missed_by_close,
-- as_run_import_id, updated_at), so an updated row needs no new index entries when its page has room, and
-- the table leaves 15 % of each page free for that. The two indexes that held the status go:
-- (campaign_id, status, scheduled_at), which no query read by status (only a campaign's deletion finds its
-- spots, by campaign_id), becomes (campaign_id); the billing run's partial index of aired, unbilled spots
-- is served by traffic_spots_estimate_day_idx (an order's spots) and traffic_spots_day_time_idx (a period).
DROP INDEX IF EXISTS "traffic_spots_campaign_next_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "traffic_spots_unbilled_idx";--> statement-breakpoint
CREATE INDEX "traffic_spots_campaign_idx" ON "traffic_spots" ("campaign_id") WHERE "campaign_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_spots" SET (fillfactor = 85);
