ALTER TABLE "media_assets" ADD COLUMN "processing_owner" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "processing_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;