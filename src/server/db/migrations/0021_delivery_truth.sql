-- Delivery truth (issue 23, decision 031). A past day without an as-run leaves its spots
-- "unconfirmed" after the grace period (not aired, not missed, not billed, not certified); an
-- airing made up by the demo is marked simulated, on the spot and on its delivery, so that no
-- affidavit certifies it and no invoice bills it; a spot placed on a day master control already
-- has is stamped with when it was added, so the log can say what changed since the export.
ALTER TABLE "traffic_spots" DROP CONSTRAINT "traffic_spots_status_check";--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_status_check" CHECK ("traffic_spots"."status" in ('scheduled', 'aired', 'missed', 'made_good', 'cancelled', 'unconfirmed'));--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "added_after_export_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;
