-- Spot-length pricing on the rate card (issue 26, decision 035). A :15 and a :60 are priced as a
-- percentage of a :30 (100 keeps today's price: length does not change the CPM), and a daypart may
-- have a flat rate per :30 spot (null: none). Only AdCP products and buys read them; the order form's
-- dayparts price as before.
ALTER TABLE "dayparts" ADD COLUMN "rate_15_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "dayparts" ADD COLUMN "rate_60_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "dayparts" ADD COLUMN "flat_rate_cents" bigint;--> statement-breakpoint
ALTER TABLE "dayparts" ADD CONSTRAINT "dayparts_length_rates_check" CHECK ("rate_15_percent" BETWEEN 1 AND 1000 AND "rate_60_percent" BETWEEN 1 AND 1000 AND ("flat_rate_cents" IS NULL OR "flat_rate_cents" > 0));
--> statement-breakpoint
-- A budget or flight change of a buy the station has approved waits for the desk beside the booked
-- order (which keeps airing as booked); its task carries its own outcome and the desk's note.
ALTER TABLE "adcp_media_buys" ADD COLUMN "pending_change" jsonb;--> statement-breakpoint
ALTER TABLE "adcp_tasks" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "adcp_tasks" ADD COLUMN "note" text;
