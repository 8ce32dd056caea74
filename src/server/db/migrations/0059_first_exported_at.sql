-- When a broadcast day was first sent to master control (issue 44): exported_at is the latest export (the
-- changes-only export counts from it), so exporting the day again no longer loses the first.
ALTER TABLE "traffic_days" ADD COLUMN "first_exported_at" timestamp with time zone;--> statement-breakpoint
UPDATE "traffic_days" SET "first_exported_at" = "exported_at" WHERE "exported_at" IS NOT NULL;
--> statement-breakpoint
-- The paper the station's documents are printed on (issue 44): US Letter, or A4. Not frozen on issued invoices.
ALTER TABLE "station_profile" ADD COLUMN "paper_size" text DEFAULT 'letter' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_profile" ADD CONSTRAINT "station_profile_paper_size_check" CHECK ("paper_size" in ('letter', 'a4'));
--> statement-breakpoint
-- House-code prefixes of the station's own material (PSAs, promos, IDs) in as-runs (issue 44): skipped, not unmatched.
ALTER TABLE "station_profile" ADD COLUMN "station_material_prefixes" text[] DEFAULT '{}'::text[] NOT NULL;
