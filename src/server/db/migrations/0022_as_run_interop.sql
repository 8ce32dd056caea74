-- As-run interop (issue 24, decision 028): a spot an import closed as missed (nobody reported it)
-- can be turned aired by a later row; the import lists what it changed spot by spot; a makegood
-- offer whose missed spot turns out to have aired is withdrawn; the station's frame rate, date
-- order and house numbers for master control.
ALTER TABLE "traffic_spots" ADD COLUMN "missed_by_close" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD COLUMN "reopened" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD COLUMN "closing" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD CONSTRAINT "as_run_imports_closing_check" CHECK ("as_run_imports"."closing" in ('none', 'range', 'day'));--> statement-breakpoint
CREATE TABLE "as_run_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer,
	"outcome" text NOT NULL,
	"spot_id" uuid,
	"air_date" text NOT NULL,
	"air_time" text NOT NULL,
	"house_code" text NOT NULL,
	"note" text,
	CONSTRAINT "as_run_changes_outcome_check" CHECK ("as_run_changes"."outcome" in ('aired', 'missed', 'closed_missed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "as_run_changes" ADD CONSTRAINT "as_run_changes_import_id_as_run_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."as_run_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "as_run_changes" ADD CONSTRAINT "as_run_changes_spot_id_traffic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."traffic_spots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "as_run_changes_import_idx" ON "as_run_changes" USING btree ("import_id","outcome","id");--> statement-breakpoint
ALTER TABLE "makegood_offers" DROP CONSTRAINT "makegood_offers_status_check";--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_status_check" CHECK ("makegood_offers"."status" in ('offered', 'accepted', 'declined', 'expired', 'unavailable', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "frame_rate" numeric(6, 3) DEFAULT '29.97' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "drop_frame" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "date_order" text DEFAULT 'MDY' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_profile" ADD CONSTRAINT "station_profile_date_order_check" CHECK ("station_profile"."date_order" in ('MDY', 'DMY'));--> statement-breakpoint
ALTER TABLE "station_profile" ADD CONSTRAINT "station_profile_frame_rate_check" CHECK ("station_profile"."frame_rate" in (23.976, 24, 25, 29.97, 30, 50, 59.94, 60));
