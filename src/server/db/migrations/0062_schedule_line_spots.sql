-- A schedule line's spots on the log (issue 42, decision 056): a spot of an order's schedule names its line,
-- as a spot of the specification's items names its item, so that billing, the affidavit, the EI and a
-- makegood read the line's rate per spot and spot length. A makegood offer keeps the missed spot's line.
ALTER TABLE "traffic_spots" ADD COLUMN "schedule_line_id" uuid;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_schedule_line_id_fkey" FOREIGN KEY ("schedule_line_id") REFERENCES "estimate_schedule_lines"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "traffic_spots_schedule_line_idx" ON "traffic_spots" ("schedule_line_id") WHERE "schedule_line_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD COLUMN "schedule_line_id" uuid;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_schedule_line_id_fkey" FOREIGN KEY ("schedule_line_id") REFERENCES "estimate_schedule_lines"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "makegood_offers_schedule_line_idx" ON "makegood_offers" ("schedule_line_id") WHERE "schedule_line_id" IS NOT NULL;
--> statement-breakpoint
-- Revisions of a submitted or booked order's schedule (decision 064): each one the buyer proposes, what it
-- changes line by line, and the admin's decision; an approved one keeps the schedule it replaced.
CREATE TABLE "estimate_schedule_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed" jsonb NOT NULL,
	"replaced" jsonb,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposed_by" uuid,
	"decided_by" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "estimate_schedule_revisions_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
ALTER TABLE "estimate_schedule_revisions" ADD CONSTRAINT "estimate_schedule_revisions_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "estimate_schedule_revisions" ADD CONSTRAINT "estimate_schedule_revisions_proposed_by_fkey" FOREIGN KEY ("proposed_by") REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "estimate_schedule_revisions" ADD CONSTRAINT "estimate_schedule_revisions_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_schedule_revisions_version_key" ON "estimate_schedule_revisions" ("estimate_id", "version");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_schedule_revisions_pending_key" ON "estimate_schedule_revisions" ("estimate_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "estimate_schedule_revisions_proposed_by_idx" ON "estimate_schedule_revisions" ("proposed_by") WHERE "proposed_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "estimate_schedule_revisions_decided_by_idx" ON "estimate_schedule_revisions" ("decided_by") WHERE "decided_by" IS NOT NULL;
