-- When a broadcast day was first sent to master control (issue 44): exported_at is the latest export (the
-- changes-only export counts from it), so exporting the day again no longer loses the first.
ALTER TABLE "traffic_days" ADD COLUMN "first_exported_at" timestamp with time zone;--> statement-breakpoint
UPDATE "traffic_days" SET "first_exported_at" = "exported_at" WHERE "exported_at" IS NOT NULL;
