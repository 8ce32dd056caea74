CREATE TABLE "as_run_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_hash" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"imported_by" uuid,
	"rows" integer NOT NULL,
	"aired" integer NOT NULL,
	"reported_missed" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"closed_missed" integer NOT NULL,
	"days" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "as_run_unmatched" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"air_date" text NOT NULL,
	"air_time" text NOT NULL,
	"house_code" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "actual_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "as_run_import_id" uuid;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD CONSTRAINT "as_run_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "as_run_unmatched" ADD CONSTRAINT "as_run_unmatched_import_id_as_run_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."as_run_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "as_run_imports_content_hash_key" ON "as_run_imports" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "as_run_imports_created_idx" ON "as_run_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "as_run_unmatched_import_line_idx" ON "as_run_unmatched" USING btree ("import_id","line");--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_as_run_import_id_as_run_imports_id_fk" FOREIGN KEY ("as_run_import_id") REFERENCES "public"."as_run_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_spots_house_day_idx" ON "traffic_spots" USING btree ("house_code","air_date");