CREATE TABLE "station_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'Spotbook Station' NOT NULL,
	"address" text,
	"phone" text,
	"email" text,
	"remit_to" text,
	"tax_id" text,
	"logo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_profile_single_row" CHECK ("station_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "traffic_days" (
	"air_date" date PRIMARY KEY NOT NULL,
	"inputs_digest" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"air_date" date NOT NULL,
	"estimate_id" uuid NOT NULL,
	"estimate_item_id" uuid,
	"campaign_id" uuid,
	"daypart_id" uuid NOT NULL,
	"brand_id" uuid,
	"media_asset_id" uuid,
	"house_code" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"break_at" timestamp with time zone NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"aired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_spots_status_check" CHECK ("traffic_spots"."status" in ('scheduled', 'aired', 'missed', 'made_good', 'cancelled')),
	CONSTRAINT "traffic_spots_duration_check" CHECK ("traffic_spots"."duration_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD COLUMN "spot_id" uuid;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_estimate_item_id_estimate_items_id_fk" FOREIGN KEY ("estimate_item_id") REFERENCES "public"."estimate_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_daypart_id_dayparts_id_fk" FOREIGN KEY ("daypart_id") REFERENCES "public"."dayparts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_spots_day_time_idx" ON "traffic_spots" USING btree ("air_date","scheduled_at");--> statement-breakpoint
CREATE INDEX "traffic_spots_estimate_day_idx" ON "traffic_spots" USING btree ("estimate_id","air_date","scheduled_at");--> statement-breakpoint
CREATE INDEX "traffic_spots_campaign_next_idx" ON "traffic_spots" USING btree ("campaign_id","status","scheduled_at");--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_spot_id_traffic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."traffic_spots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_deliveries_spot_id_key" ON "campaign_deliveries" USING btree ("spot_id");--> statement-breakpoint
-- custom SQL (keep on regeneration)
INSERT INTO "station_profile" ("id") VALUES (1) ON CONFLICT DO NOTHING;
