-- Agencies and machine buyers (issues 26, 27; decisions 034, 035): the fields both build on, added
-- in one migration so that neither owns the other's columns.
--
-- Orders carry the agency's own codes and the buyer's purchase order, and say where they came from
-- (the web app, the HTTP API with a key, or an AdCP agent) and the buyer's name as the buyer gave it.
ALTER TABLE "estimates" ADD COLUMN "agency_estimate_number" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "client_code" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "product_code" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_source_check" CHECK ("source" in ('web', 'api', 'adcp'));--> statement-breakpoint
-- Media carry the commercial's industry identifier (Ad-ID, or a legacy ISCI code), its booked
-- length in seconds and a title. One Ad-ID names one commercial at the station.
ALTER TABLE "media_assets" ADD COLUMN "ad_id" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "spot_length" integer;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_spot_length_check" CHECK ("spot_length" is null or "spot_length" in (15, 30, 60));--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_ad_id_idx" ON "media_assets" ("ad_id") WHERE "ad_id" is not null;
