-- Programs on the log (issue 44, decision 060): each channel's program schedule, and a schedule line
-- that targets one of its order's channel's programs.
CREATE TABLE "channel_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE restrict,
	"name" text NOT NULL,
	"days" text[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_programs_name_check" CHECK (char_length("name") BETWEEN 1 AND 120),
	CONSTRAINT "channel_programs_days_check" CHECK (cardinality("days") BETWEEN 1 AND 7),
	CONSTRAINT "channel_programs_times_check" CHECK ("start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "start_time" <> "end_time"),
	CONSTRAINT "channel_programs_dates_check" CHECK ("end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date")
);--> statement-breakpoint
CREATE INDEX "channel_programs_channel_id_idx" ON "channel_programs" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "estimate_schedule_lines" ADD COLUMN "program_id" uuid REFERENCES "channel_programs"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "estimate_schedule_lines_program_id_idx" ON "estimate_schedule_lines" USING btree ("program_id") WHERE "program_id" IS NOT NULL;
