-- The traffic desk acts on one spot at a time (issue 44, decision 058): preempted, moved or cancelled,
-- with the reason and when; a day the desk acted on is held (placement no longer rewrites it).
ALTER TABLE "traffic_spots" ADD COLUMN "desk_action" text;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "desk_reason" text;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "desk_acted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD CONSTRAINT "traffic_spots_desk_action_check" CHECK ("traffic_spots"."desk_action" in ('preempted', 'moved', 'cancelled'));--> statement-breakpoint
ALTER TABLE "traffic_days" ADD COLUMN "held_at" timestamp with time zone;
