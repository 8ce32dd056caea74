-- Simulated airings kept apart in a campaign's counters (issue 40, decision 052 amended): the counters stay
-- the totals the specification shows, and these are the simulated part of them, which reconciliation takes off.
ALTER TABLE "campaigns" ADD COLUMN "simulated_spots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "simulated_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "simulated_spend_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "campaigns" c SET "simulated_spots" = s.spots, "simulated_impressions" = s.impressions, "simulated_spend_cents" = s.spend
  FROM (SELECT campaign_id, count(*)::int AS spots, sum(impressions)::bigint AS impressions, sum(spend_cents)::bigint AS spend
          FROM campaign_deliveries WHERE simulated GROUP BY campaign_id) s
 WHERE c.id = s.campaign_id;
