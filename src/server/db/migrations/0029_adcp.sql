-- AdCP sales agent (issue 26, decision 035). The station's identity for /.well-known/adagents.json,
-- and the protocol's bookkeeping beside the orders and media it creates: a media buy is an order
-- (estimates, source 'adcp'), a creative is a media asset; these tables keep what AdCP adds.
ALTER TABLE "station_profile" ADD COLUMN "call_letters" text;--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "fcc_facility_id" text;--> statement-breakpoint
ALTER TABLE "station_profile" ADD COLUMN "agent_url" text;--> statement-breakpoint
CREATE TABLE "adcp_media_buys" (
	"estimate_id" uuid PRIMARY KEY NOT NULL REFERENCES "estimates"("id") ON DELETE cascade,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"buyer_ref" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"packages" jsonb NOT NULL,
	"push_endpoint_id" uuid REFERENCES "webhook_endpoints"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "adcp_media_buys_owner_idx" ON "adcp_media_buys" ("owner_id", "created_at");--> statement-breakpoint
CREATE TABLE "adcp_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"task_type" text NOT NULL,
	"estimate_id" uuid NOT NULL REFERENCES "estimates"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "adcp_tasks_estimate_idx" ON "adcp_tasks" ("estimate_id");--> statement-breakpoint
CREATE TABLE "adcp_creatives" (
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"creative_id" text NOT NULL,
	"media_asset_id" uuid REFERENCES "media_assets"("id") ON DELETE set null,
	"name" text NOT NULL,
	"format_id" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adcp_creatives_pkey" PRIMARY KEY ("owner_id", "creative_id")
);
