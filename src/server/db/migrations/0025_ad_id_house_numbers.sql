-- Agencies and Ad-ID (issue 27, decision 034).
--
-- Every commercial gets a house number the station controls: a station-side code (SB000001, ...)
-- that an administrator may change. The traffic log's house code is the commercial's Ad-ID when it
-- has one, else this house number; never part of an internal id.
CREATE SEQUENCE IF NOT EXISTS "media_house_number_seq";--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "house_number" text DEFAULT ('SB' || lpad(nextval('media_house_number_seq')::text, 6, '0')) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_house_number_idx" ON "media_assets" ("house_number");--> statement-breakpoint
-- The station may require an Ad-ID before a spot is placed on the log; otherwise such spots are
-- placed and flagged "no Ad-ID".
ALTER TABLE "station_profile" ADD COLUMN "require_ad_id" boolean DEFAULT false NOT NULL;
