-- The analytics split per UTC day and per UTC week (from Monday) of the order's hour, beside daypart_hours (issue 41,
-- decision 053 "Scale"): a window of the station's analytics adds up its first UTC day's hours, then whole days up
-- to its first Monday, then whole weeks, not every hour's rows (with 50 channels' 400 dayparts, about 140 rows an
-- hour). Kept by daypart_orders_refresh and daypart_hours_rebuild (src/server/db/sql/rollups-computed.sql); filled
-- here from daypart_hours.
CREATE TABLE "daypart_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"daypart_id" uuid NOT NULL,
	"orders" bigint NOT NULL,
	"spots" bigint NOT NULL,
	"amount_cents" numeric NOT NULL,
	"spend_cents" numeric NOT NULL,
	CONSTRAINT "daypart_days_pkey" PRIMARY KEY("day","status","daypart_id")
);
--> statement-breakpoint
CREATE TABLE "daypart_weeks" (
	"week" date NOT NULL,
	"status" text NOT NULL,
	"daypart_id" uuid NOT NULL,
	"orders" bigint NOT NULL,
	"spots" bigint NOT NULL,
	"amount_cents" numeric NOT NULL,
	"spend_cents" numeric NOT NULL,
	CONSTRAINT "daypart_weeks_pkey" PRIMARY KEY("week","status","daypart_id")
);
--> statement-breakpoint
INSERT INTO "daypart_days"
SELECT (hour AT TIME ZONE 'UTC')::date, status, daypart_id, sum(orders), sum(spots), sum(amount_cents), sum(spend_cents)
FROM "daypart_hours" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "daypart_weeks"
SELECT date_trunc('week', hour AT TIME ZONE 'UTC')::date, status, daypart_id, sum(orders), sum(spots), sum(amount_cents), sum(spend_cents)
FROM "daypart_hours" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
ANALYZE "daypart_days";
--> statement-breakpoint
ANALYZE "daypart_weeks";
