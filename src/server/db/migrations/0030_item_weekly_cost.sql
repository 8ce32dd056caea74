-- One weekly-cost rule in SQL (issue 22). The specification's weekly cost of a daypart selection:
-- multiplier × 1366 × spots per day ÷ 1000 × CPM × days per week (src/domain/pricing.ts weeklyCostOf
-- is the same rule in TypeScript; test/api/weekly-cost.test.ts holds the two to each other). The CPM is
-- the custom CPM, else the daypart's base CPM: a base of 0 is 0, never the form's $5 default.
-- IMMUTABLE SQL functions are inlined by the planner, so the view and the split cost what they did.
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
  CROSS JOIN LATERAL (SELECT item_weekly_cost(d.multiplier, i.spots_per_occurrence, coalesce(i.user_defined_cpm_cents, d.base_cpm_cents), cardinality(d.days_of_week)) AS cost) w;
