-- Channels (issue 41, decision 053): a licence's program streams (6.1, 6.2…) and a group's stations. The
-- station that existed becomes the first channel, the default one, with everything it has: its dayparts and
-- orders take it here; the spec's calls, which name no channel, act on it.
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_letters" text,
	"channel_number" text NOT NULL,
	"name" text NOT NULL,
	"market" text,
	-- NULL: the station's configured time zone (STATION_TIMEZONE), as before channels.
	"time_zone" text,
	"short_name" text,
	"active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_default_active_check" CHECK (NOT "is_default" OR "active")
);--> statement-breakpoint
CREATE UNIQUE INDEX "channels_number_key" ON "channels" (coalesce("call_letters", ''), "channel_number");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_short_name_key" ON "channels" (lower("short_name")) WHERE "short_name" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_default_key" ON "channels" ("is_default") WHERE "is_default";--> statement-breakpoint
INSERT INTO "channels" ("call_letters", "channel_number", "name", "is_default")
SELECT p.call_letters, '1.1', coalesce(p.name, 'Spotbook Station'), true
  FROM (SELECT 1) one LEFT JOIN station_profile p ON p.id = 1;--> statement-breakpoint
-- What a row that names no channel is for: the default channel (a column default, so every writer that
-- predates channels, the specification's calls among them, keeps writing to it).
CREATE OR REPLACE FUNCTION default_channel_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT id FROM channels WHERE is_default
$$;--> statement-breakpoint
ALTER TABLE "dayparts" ADD COLUMN "channel_id" uuid DEFAULT default_channel_id() NOT NULL REFERENCES "channels"("id") ON DELETE RESTRICT;--> statement-breakpoint
DROP INDEX IF EXISTS "dayparts_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "dayparts_name_key" ON "dayparts" ("channel_id", "name");--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "channel_id" uuid DEFAULT default_channel_id() NOT NULL REFERENCES "channels"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE INDEX "estimates_channel_created_idx" ON "estimates" ("channel_id", "created_at", "id");
