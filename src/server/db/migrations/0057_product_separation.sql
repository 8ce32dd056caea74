-- Product separation (issue 44, decision 059): a brand's product category, the station's separation
-- per category in minutes (a category left out: 15), and the conflict placement could not avoid.
ALTER TABLE "brands" ADD COLUMN "product_category" text;
--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "product_separations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "separation_conflict_brand_id" uuid;
