-- Sold on audience (issue 43, decision 057): ratings books per channel, the post book of a broadcast
-- month, the audience each order line was booked with, and an order's target demo and guarantee.
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE restrict,
	"name" text NOT NULL,
	"rating_service" text NOT NULL,
	"geography" text,
	"survey_period" text NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "books_name_key" ON "books" USING btree ("channel_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "books_current_key" ON "books" USING btree ("channel_id") WHERE "is_current";--> statement-breakpoint
CREATE TABLE "book_universes" (
	"book_id" uuid NOT NULL REFERENCES "books"("id") ON DELETE cascade,
	"demo" text NOT NULL,
	"universe" double precision NOT NULL,
	PRIMARY KEY ("book_id","demo"),
	CONSTRAINT "book_universes_universe_check" CHECK ("universe" > 0)
);--> statement-breakpoint
CREATE TABLE "book_ratings" (
	"book_id" uuid NOT NULL REFERENCES "books"("id") ON DELETE cascade,
	"daypart_id" uuid NOT NULL REFERENCES "dayparts"("id") ON DELETE cascade,
	"demo" text NOT NULL,
	"rating" double precision NOT NULL,
	"impressions" double precision NOT NULL,
	PRIMARY KEY ("book_id","daypart_id","demo"),
	CONSTRAINT "book_ratings_values_check" CHECK ("rating" >= 0 AND "rating" <= 100 AND "impressions" >= 0)
);--> statement-breakpoint
CREATE TABLE "post_books" (
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE restrict,
	"month" text NOT NULL,
	"book_id" uuid NOT NULL REFERENCES "books"("id") ON DELETE cascade,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("channel_id","month")
);--> statement-breakpoint
CREATE INDEX "post_books_book_id_idx" ON "post_books" USING btree ("book_id");--> statement-breakpoint
CREATE TABLE "line_audiences" (
	"estimate_id" uuid NOT NULL REFERENCES "estimates"("id") ON DELETE cascade,
	"line_id" uuid NOT NULL,
	"book_id" uuid REFERENCES "books"("id") ON DELETE set null,
	"book_name" text NOT NULL,
	"demo" text NOT NULL,
	"rating" double precision NOT NULL,
	"impressions" double precision NOT NULL,
	PRIMARY KEY ("line_id","demo")
);--> statement-breakpoint
CREATE INDEX "line_audiences_estimate_id_idx" ON "line_audiences" USING btree ("estimate_id");--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "target_demo" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "guarantee_demo" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "guarantee_impressions" double precision;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "guarantee_grps" double precision;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_guarantee_check" CHECK (("guarantee_demo" IS NULL) = ("guarantee_impressions" IS NULL AND "guarantee_grps" IS NULL) AND ("guarantee_impressions" IS NULL OR "guarantee_grps" IS NULL) AND coalesce("guarantee_impressions", "guarantee_grps", 1) > 0);
