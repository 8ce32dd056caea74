-- Schedule lines (issue 42, decision 056): an order may hold a weekly schedule at rates per spot, as
-- agencies buy (and as an AAAA Proposal XML carries it), instead of the specification's daypart items.
-- estimate_schedules: the order's fixed flight cut into weeks by week_start_day, and the Proposal it came
-- from (unique_identifier, version) for revisions. estimate_schedule_lines: one line each, its daypart
-- (null while unmapped, with the reason), days, broadcast-clock times (05:00–29:59), spot length, rate
-- per spot in cents and spots per week (one per week of the flight). Audited as the order's items are.
CREATE TABLE "estimate_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL REFERENCES "estimates"("id") ON DELETE cascade,
	"week_start_day" text DEFAULT 'Monday' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"demos" text[] DEFAULT '{}'::text[] NOT NULL,
	"proposal_id" text,
	"proposal_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_schedules_flight_check" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "estimate_schedules_week_start_check" CHECK ("week_start_day" in ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_schedules_estimate_key" ON "estimate_schedules" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_schedules_proposal_idx" ON "estimate_schedules" USING btree ("proposal_id") WHERE "proposal_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "estimate_schedule_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL REFERENCES "estimates"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"daypart_id" uuid REFERENCES "dayparts"("id") ON DELETE restrict,
	"unmapped_reason" text,
	"days" text[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"spot_length" integer NOT NULL,
	"rate_cents" bigint NOT NULL,
	"spots_per_week" integer[] NOT NULL,
	"demo_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_schedule_lines_length_check" CHECK ("spot_length" in (15, 30, 60)),
	CONSTRAINT "estimate_schedule_lines_rate_check" CHECK ("rate_cents" >= 0),
	CONSTRAINT "estimate_schedule_lines_mapped_check" CHECK (("daypart_id" IS NULL) = ("unmapped_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_schedule_lines_position_key" ON "estimate_schedule_lines" USING btree ("estimate_id", "position");--> statement-breakpoint
CREATE INDEX "estimate_schedule_lines_daypart_id_idx" ON "estimate_schedule_lines" USING btree ("daypart_id");
