-- One weekly-cost rule in SQL (issue 22, decision 036). The specification's weekly cost of a daypart
-- selection: multiplier × 1366 × spots per day ÷ 1000 × CPM × days per week, where the CPM is the
-- custom CPM, else the daypart's base CPM, else $5 ("CPM to base_cpm or 5": a base of 0 too).
-- src/domain/pricing.ts (weeklyCostOf, selectionDefaults) is the same rule in TypeScript and prices
-- orders; test/api/weekly-cost.test.ts holds the two to each other. The analytics view used the base
-- CPM even when it was 0, so a zero-base daypart billed at $5 weighed nothing in the split.
-- IMMUTABLE SQL functions are inlined by the planner, so the view and the split cost what they did.
CREATE FUNCTION item_cpm_cents(custom_cpm_cents bigint, base_cpm_cents bigint)
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(custom_cpm_cents, nullif(base_cpm_cents, 0), 500) $$;
--> statement-breakpoint
CREATE FUNCTION item_weekly_cost(multiplier double precision, spots_per_day integer, cpm_cents bigint, days_per_week integer)
  RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT multiplier * 1366 * spots_per_day / 1000.0 * cpm_cents * days_per_week $$;
--> statement-breakpoint
CREATE OR REPLACE VIEW daypart_item_shares AS
  SELECT e.id AS estimate_id, order_hour(e.submitted_at, e.created_at) AS hour, e.status, i.daypart_id, i.spots_per_occurrence AS spots,
         coalesce(e.total_amount_cents * (w.cost / nullif(sum(w.cost) OVER (PARTITION BY e.id), 0)), 0) AS amount,
         coalesce(e.total_spend_cents * (w.cost / nullif(sum(w.cost) OVER (PARTITION BY e.id), 0)), 0) AS spend
  FROM estimates e
  JOIN estimate_items i ON i.estimate_id = e.id
  JOIN dayparts d ON d.id = i.daypart_id
  CROSS JOIN LATERAL (SELECT item_weekly_cost(d.multiplier, i.spots_per_occurrence, item_cpm_cents(i.user_defined_cpm_cents, d.base_cpm_cents), cardinality(d.days_of_week)) AS cost) w;
--> statement-breakpoint
-- The rollups weighed zero-base dayparts at nothing: rebuild them where any exists.
SELECT analytics_rollups_rebuild() WHERE EXISTS (SELECT 1 FROM dayparts WHERE base_cpm_cents = 0);
