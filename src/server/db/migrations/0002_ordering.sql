CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"common_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"address" text,
	"phone" text,
	"email" text,
	"contact_person" text,
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_job_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"estimate_id" uuid,
	"original_amount_cents" bigint NOT NULL,
	"discount_amount_cents" bigint NOT NULL,
	"final_amount_cents" bigint NOT NULL,
	"daypart_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"discount_type" text DEFAULT 'percentage_with_max' NOT NULL,
	"percentage_off" double precision,
	"max_discount_amount_cents" bigint,
	"fixed_amount_off_cents" bigint,
	"minimum_spend_required_cents" bigint,
	"percent_off" double precision,
	"amount_off" bigint,
	"currency" text DEFAULT 'usd' NOT NULL,
	"duration" text DEFAULT 'once' NOT NULL,
	"duration_in_months" integer,
	"usage_limit" integer,
	"per_user_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"restricted_to_user_id" uuid,
	"restricted_to_daypart_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_usage_check" CHECK ("coupons"."usage_limit" is null or "coupons"."usage_count" <= "coupons"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "estimate_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"daypart_id" uuid NOT NULL,
	"spots_per_occurrence" integer NOT NULL,
	"user_defined_cpm_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_items_spots_check" CHECK ("estimate_items"."spots_per_occurrence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"brand_id" uuid,
	"estimate_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date,
	"end_date" date,
	"total_spend_cents" bigint DEFAULT 0 NOT NULL,
	"total_estimated_cost_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"media_asset_id" uuid,
	"payment_method_id" uuid,
	"notes" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"estimate_id" uuid,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"thumbnail_key" text,
	"processing_stage" text DEFAULT 'uploaded' NOT NULL,
	"processing_progress" integer DEFAULT 0 NOT NULL,
	"processing_message" text,
	"duration_seconds" double precision,
	"width" integer,
	"height" integer,
	"video_codec" text,
	"audio_codec" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"card_brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usages" ADD CONSTRAINT "coupon_usages_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_restricted_to_user_id_users_id_fk" FOREIGN KEY ("restricted_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_daypart_id_dayparts_id_fk" FOREIGN KEY ("daypart_id") REFERENCES "public"."dayparts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_owner_id_idx" ON "brands" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "brands_common_name_idx" ON "brands" USING btree ("common_name");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_usages_coupon_estimate_key" ON "coupon_usages" USING btree ("coupon_id","estimate_id");--> statement-breakpoint
CREATE INDEX "coupon_usages_coupon_used_idx" ON "coupon_usages" USING btree ("coupon_id","used_at");--> statement-breakpoint
CREATE INDEX "coupon_usages_user_id_idx" ON "coupon_usages" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_created_at_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_items_estimate_daypart_key" ON "estimate_items" USING btree ("estimate_id","daypart_id");--> statement-breakpoint
CREATE INDEX "estimate_items_daypart_id_idx" ON "estimate_items" USING btree ("daypart_id");--> statement-breakpoint
CREATE INDEX "estimates_owner_created_idx" ON "estimates" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "estimates_status_created_idx" ON "estimates" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "estimates_brand_id_idx" ON "estimates" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "estimates_start_date_idx" ON "estimates" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "media_assets_brand_id_idx" ON "media_assets" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "media_assets_status_created_idx" ON "media_assets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_methods_owner_id_idx" ON "payment_methods" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "payment_methods_brand_id_idx" ON "payment_methods" USING btree ("brand_id");