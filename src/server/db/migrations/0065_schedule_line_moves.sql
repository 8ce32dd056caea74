-- A schedule line's spot moved off a closed day (issue 42, decision 056): a move names the schedule line its
-- spot belongs to, as a move of an item's spot names the item; exactly one of the two.
ALTER TABLE "traffic_moves" ALTER COLUMN "estimate_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD COLUMN "schedule_line_id" uuid;--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD CONSTRAINT "traffic_moves_schedule_line_id_fkey" FOREIGN KEY ("schedule_line_id") REFERENCES "estimate_schedule_lines"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "traffic_moves" ADD CONSTRAINT "traffic_moves_line_check" CHECK (("estimate_item_id" IS NULL) <> ("schedule_line_id" IS NULL));
