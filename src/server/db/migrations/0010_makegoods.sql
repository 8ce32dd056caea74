CREATE TABLE "makegood_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"air_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makegood_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"missed_spot_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"estimate_item_id" uuid,
	"daypart_id" uuid NOT NULL,
	"air_date" date,
	"status" text DEFAULT 'offered' NOT NULL,
	"spot_cost_cents" bigint NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "makegood_offers_status_check" CHECK ("makegood_offers"."status" in ('offered', 'accepted', 'declined', 'expired', 'unavailable')),
	CONSTRAINT "makegood_offers_credit_check" CHECK ("makegood_offers"."credit_cents" >= 0 and "makegood_offers"."spot_cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reconciliations" ADD COLUMN "aired_spend_cents" bigint;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD COLUMN "aired_impressions" bigint;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "makegood_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "makegood_events" ADD CONSTRAINT "makegood_events_offer_id_makegood_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."makegood_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makegood_events" ADD CONSTRAINT "makegood_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_missed_spot_id_traffic_spots_id_fk" FOREIGN KEY ("missed_spot_id") REFERENCES "public"."traffic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_estimate_item_id_estimate_items_id_fk" FOREIGN KEY ("estimate_item_id") REFERENCES "public"."estimate_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_daypart_id_dayparts_id_fk" FOREIGN KEY ("daypart_id") REFERENCES "public"."dayparts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "makegood_events_offer_idx" ON "makegood_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "makegood_offers_missed_spot_key" ON "makegood_offers" USING btree ("missed_spot_id");--> statement-breakpoint
CREATE INDEX "makegood_offers_estimate_idx" ON "makegood_offers" USING btree ("estimate_id","created_at");--> statement-breakpoint
CREATE INDEX "makegood_offers_daypart_day_idx" ON "makegood_offers" USING btree ("daypart_id","air_date");--> statement-breakpoint
CREATE INDEX "makegood_offers_open_expiry_idx" ON "makegood_offers" USING btree ("expires_at") WHERE "makegood_offers"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_makegood_offer_id_makegood_offers_id_fk" FOREIGN KEY ("makegood_offer_id") REFERENCES "public"."makegood_offers"("id") ON DELETE set null ON UPDATE no action;