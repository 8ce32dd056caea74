-- The weekly cost of an order line, where the database must compute it (decisions 036 and 039; history:
-- migration 0030). domain/pricing.ts holds the same rule; test/api/weekly-cost.test.ts holds them equal.

-- The impressions a spot is counted for: IMPRESSIONS_PER_SPOT in src/domain/constants.ts, the one other
-- place it is written (test/api/sql-definitions.test.ts holds the two equal).
CREATE OR REPLACE FUNCTION spot_impressions()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT 1366 $function$;

CREATE OR REPLACE FUNCTION item_cpm_cents(custom_cpm_cents bigint, base_cpm_cents bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT coalesce(custom_cpm_cents, nullif(base_cpm_cents, 0), 500) $function$;

CREATE OR REPLACE FUNCTION item_weekly_cost(multiplier double precision, spots_per_day integer, cpm_cents bigint, days_per_week integer)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT multiplier * spot_impressions() * spots_per_day / 1000.0 * cpm_cents * days_per_week $function$;
