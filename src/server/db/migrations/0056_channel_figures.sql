-- A channel's dashboards (issue 41, decision 053): its orders by the order's time, and its counts in order_counts.
CREATE INDEX "estimates_channel_order_time_idx" ON "estimates" USING btree ("channel_id", coalesce("submitted_at", "created_at"));
--> statement-breakpoint
-- order_counts counts each channel's orders too (scope 'channel'; rollups.sql stages them from now on).
INSERT INTO "order_counts" ("scope", "scope_id", "status", "orders", "spend_cents", "reconciled")
SELECT 'channel', e."channel_id", e."status", count(*), coalesce(sum(e."total_spend_cents"), 0)::bigint, count(r."id")
FROM "estimates" e LEFT JOIN "reconciliations" r ON r."estimate_id" = e."id"
GROUP BY e."channel_id", e."status"
ORDER BY 2, 3;
