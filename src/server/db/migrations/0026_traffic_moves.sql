-- Spots moved off a closed day (issue 23, decision 031): a booking that a day whose air time has
-- passed can no longer take goes to the nearest free day of its window (the order's flight and the
-- daypart's days), recorded here; with no free day left, to_date stays null and the traffic desk
-- sees it on Discrepancies. The spot placed on the new day says which day it was booked for.
CREATE TABLE "traffic_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"estimate_item_id" uuid NOT NULL,
	"daypart_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD CONSTRAINT "traffic_moves_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD CONSTRAINT "traffic_moves_estimate_item_id_estimate_items_id_fk" FOREIGN KEY ("estimate_item_id") REFERENCES "public"."estimate_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD CONSTRAINT "traffic_moves_daypart_id_dayparts_id_fk" FOREIGN KEY ("daypart_id") REFERENCES "public"."dayparts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_moves_from_idx" ON "traffic_moves" USING btree ("from_date","estimate_id");--> statement-breakpoint
CREATE INDEX "traffic_moves_to_idx" ON "traffic_moves" USING btree ("to_date");--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "moved_from_date" date;
