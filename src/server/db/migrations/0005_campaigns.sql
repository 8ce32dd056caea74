CREATE TABLE "campaign_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"daypart_id" uuid,
	"aired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"impressions" integer NOT NULL,
	"spend_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"name" text NOT NULL,
	"brand_id" uuid,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"start_date" date,
	"end_date" date,
	"total_budget_cents" bigint DEFAULT 0 NOT NULL,
	"weekly_spots" integer DEFAULT 0 NOT NULL,
	"total_spots" integer DEFAULT 0 NOT NULL,
	"aired_spots" integer DEFAULT 0 NOT NULL,
	"total_impressions" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"last_aired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('scheduled', 'active', 'paused', 'completed', 'cancelled')),
	CONSTRAINT "campaigns_counters_check" CHECK ("campaigns"."spend_cents" >= 0 and "campaigns"."aired_spots" >= 0 and "campaigns"."total_impressions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_daypart_id_dayparts_id_fk" FOREIGN KEY ("daypart_id") REFERENCES "public"."dayparts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_deliveries_campaign_aired_idx" ON "campaign_deliveries" USING btree ("campaign_id","aired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_estimate_id_key" ON "campaigns" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaigns_owner_created_idx" ON "campaigns" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_brand_id_idx" ON "campaigns" USING btree ("brand_id");