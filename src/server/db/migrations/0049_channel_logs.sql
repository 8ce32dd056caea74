-- Each channel has its own log a broadcast day (issue 41, decision 053): a spot is its daypart's channel's,
-- and a day is placed, frozen and exported per channel. Existing spots and days are the default channel's.
ALTER TABLE "traffic_spots" ADD COLUMN "channel_id" uuid DEFAULT default_channel_id() NOT NULL REFERENCES "channels"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE INDEX "traffic_spots_channel_day_time_idx" ON "traffic_spots" ("channel_id", "air_date", "scheduled_at");--> statement-breakpoint
ALTER TABLE "traffic_days" ADD COLUMN "channel_id" uuid DEFAULT default_channel_id() NOT NULL REFERENCES "channels"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "traffic_days" DROP CONSTRAINT "traffic_days_pkey";--> statement-breakpoint
ALTER TABLE "traffic_days" ADD CONSTRAINT "traffic_days_pkey" PRIMARY KEY ("channel_id", "air_date");
