-- A traffic admin limited to some channels (issue 41, decision 053): empty means every channel.
ALTER TABLE "users" ADD COLUMN "channel_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
