-- An as-run import settles the spots of the channels its rows name (issue 41, decision 053).
ALTER TABLE "as_run_imports" ADD COLUMN "channel_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
UPDATE "as_run_imports" SET "channel_ids" = ARRAY[default_channel_id()];--> statement-breakpoint
CREATE INDEX "as_run_imports_channel_ids_idx" ON "as_run_imports" USING gin ("channel_ids");
--> statement-breakpoint
ALTER TABLE "as_run_unmatched" ADD COLUMN "channel_id" uuid DEFAULT default_channel_id() NOT NULL REFERENCES "channels"("id") ON DELETE restrict;
