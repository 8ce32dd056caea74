-- A schedule line's spots on the log (issue 42, decision 056): a spot of an order's schedule names its line,
-- as a spot of the specification's items names its item, so that billing, the affidavit, the EI and a
-- makegood read the line's rate per spot and spot length. A makegood offer keeps the missed spot's line.
ALTER TABLE "traffic_spots" ADD COLUMN "schedule_line_id" uuid;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_schedule_line_id_fkey" FOREIGN KEY ("schedule_line_id") REFERENCES "estimate_schedule_lines"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "traffic_spots_schedule_line_idx" ON "traffic_spots" ("schedule_line_id") WHERE "schedule_line_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD COLUMN "schedule_line_id" uuid;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_schedule_line_id_fkey" FOREIGN KEY ("schedule_line_id") REFERENCES "estimate_schedule_lines"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "makegood_offers_schedule_line_idx" ON "makegood_offers" ("schedule_line_id") WHERE "schedule_line_id" IS NOT NULL;
