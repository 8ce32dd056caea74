-- Rollups of the dashboards (decision 023), kept in step by triggers in the writing transaction and
-- filled here from the rows. Each has a "computed" form (a view or a function over the base rows)
-- that the rebuild and the tests use: the rollup must always equal it.
--
-- order_counts: orders, budget and reconciled orders per status, for the whole station ('all',
-- scope_id 0), per owner and per brand (orders without a brand have no 'brand' row). Kept by
-- deltas (integers: exact). An order's removal is taken off BEFORE the row goes, while its
-- reconciliation still exists (the cascade deletes it before any AFTER trigger of the order runs).
--
-- reconciliation_brand_days: reconciled spend per UTC day of reconciled_at and brand of the order
-- (the dashboard's window starts at a UTC midnight). Deltas too, the same way.
--
-- brand_hours: orders and their amounts per UTC hour of the order's time, status and brand (the
-- top brands of the performance figures). Deltas (integers), after the statement.
--
-- daypart_hours: each order's amounts split between its dayparts by weekly cost (the analytics
-- split), summed per UTC hour of the order's time, status and daypart. Floats: not kept by
-- deltas (they would drift) but recomputed from the rows for every hour a write touches, under an
-- advisory lock per hour held until commit; a change of a daypart's rate (multiplier, CPM, days)
-- moves every order's split, so it recomputes the whole rollup.

CREATE TABLE "order_counts" (
	"scope" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"reconciled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_pkey" PRIMARY KEY("scope","scope_id","status")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_brand_days" (
	"day" date NOT NULL,
	"brand_id" uuid NOT NULL,
	"reconciliations" bigint DEFAULT 0 NOT NULL,
	"projected_spend_cents" bigint DEFAULT 0 NOT NULL,
	"actual_spend_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_brand_days_pkey" PRIMARY KEY("day","brand_id")
);
--> statement-breakpoint
CREATE TABLE "brand_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "brand_hours_pkey" PRIMARY KEY("hour","status","brand_id")
);
--> statement-breakpoint
CREATE TABLE "daypart_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"daypart_id" uuid NOT NULL,
	"orders" bigint NOT NULL,
	"spots" bigint NOT NULL,
	"amount_cents" double precision NOT NULL,
	"spend_cents" double precision NOT NULL,
	CONSTRAINT "daypart_hours_pkey" PRIMARY KEY("hour","status","daypart_id")
);
--> statement-breakpoint
CREATE VIEW order_counts_computed AS
  SELECT s.scope, s.scope_id, e.status, count(*)::bigint AS orders, coalesce(sum(e.total_spend_cents), 0)::bigint AS spend_cents, count(r.id)::bigint AS reconciled
  FROM estimates e
  LEFT JOIN reconciliations r ON r.estimate_id = e.id
  CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('owner', e.owner_id), ('brand', e.brand_id)) AS s(scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW reconciliation_brand_days_computed AS
  SELECT (r.reconciled_at AT TIME ZONE 'UTC')::date AS day, coalesce(e.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) AS brand_id,
         count(*)::bigint AS reconciliations, sum(r.projected_spend_cents)::bigint AS projected_spend_cents, sum(r.actual_spend_cents)::bigint AS actual_spend_cents
  FROM reconciliations r JOIN estimates e ON e.id = r.estimate_id
  GROUP BY 1, 2;
--> statement-breakpoint
-- The UTC hour an order is counted in (its submission, its creation for drafts).
CREATE FUNCTION order_hour(submitted timestamptz, created timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', coalesce(submitted, created) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
CREATE VIEW brand_hours_computed AS
  SELECT order_hour(e.submitted_at, e.created_at) AS hour, e.status, coalesce(e.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) AS brand_id,
         count(*)::bigint AS orders, sum(e.total_amount_cents)::bigint AS amount_cents
  FROM estimates e
  GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Deltas: [{submitted_at, created_at, status, brand_id, n, amount}].
CREATE FUNCTION brand_hours_add(d jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO brand_hours AS c (hour, status, brand_id, orders, amount_cents)
  SELECT order_hour(x.submitted_at, x.created_at), x.status, coalesce(x.brand_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(x.n), sum(x.amount)
  FROM jsonb_to_recordset(d) AS x(submitted_at timestamptz, created_at timestamptz, status text, brand_id uuid, n bigint, amount bigint)
  GROUP BY 1, 2, 3
  HAVING sum(x.n) <> 0 OR sum(x.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (hour, status, brand_id) DO UPDATE SET orders = c.orders + excluded.orders, amount_cents = c.amount_cents + excluded.amount_cents
$$;
--> statement-breakpoint
-- The analytics split (src/server/modules/analytics/daypart-split.ts) of every item: its share of
-- its order is its weekly cost over the order's. A filter on estimate_id (the window's partition)
-- reaches the tables; recomputations select their orders by id, so that the planner reads their
-- items through the index rather than hashing every item (a range on the order's time would not
-- reach through the window function).
CREATE VIEW daypart_item_shares AS
  SELECT e.id AS estimate_id, order_hour(e.submitted_at, e.created_at) AS hour, e.status, i.daypart_id, i.spots_per_occurrence AS spots,
         coalesce(e.total_amount_cents * (w.cost / nullif(sum(w.cost) OVER (PARTITION BY e.id), 0)), 0) AS amount,
         coalesce(e.total_spend_cents * (w.cost / nullif(sum(w.cost) OVER (PARTITION BY e.id), 0)), 0) AS spend
  FROM estimates e
  JOIN estimate_items i ON i.estimate_id = e.id
  JOIN dayparts d ON d.id = i.daypart_id
  CROSS JOIN LATERAL (SELECT d.multiplier * 1366 * i.spots_per_occurrence / 1000.0 * coalesce(i.user_defined_cpm_cents, d.base_cpm_cents) * cardinality(d.days_of_week) AS cost) w;
--> statement-breakpoint
CREATE VIEW daypart_hours_computed AS
  SELECT hour, status, daypart_id, count(*)::bigint AS orders, sum(spots)::bigint AS spots, sum(amount)::float8 AS amount_cents, sum(spend)::float8 AS spend_cents
  FROM daypart_item_shares
  GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Deltas: [{owner_id, brand_id, status, n, spend, rec}], grouped and applied in key order.
CREATE FUNCTION order_counts_add(d jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_counts AS c (scope, scope_id, status, orders, spend_cents, reconciled)
  SELECT s.scope, s.scope_id, x.status, sum(x.n), sum(x.spend), sum(x.rec)
  FROM jsonb_to_recordset(d) AS x(owner_id uuid, brand_id uuid, status text, n bigint, spend bigint, rec bigint)
  CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('owner', x.owner_id), ('brand', x.brand_id)) AS s(scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(x.n) <> 0 OR sum(x.spend) <> 0 OR sum(x.rec) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (scope, scope_id, status) DO UPDATE
    SET orders = c.orders + excluded.orders, spend_cents = c.spend_cents + excluded.spend_cents, reconciled = c.reconciled + excluded.reconciled
$$;
--> statement-breakpoint
-- Deltas: [{reconciled_at, brand_id, n, projected, actual}].
CREATE FUNCTION reconciliation_brand_days_add(d jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reconciliation_brand_days AS c (day, brand_id, reconciliations, projected_spend_cents, actual_spend_cents)
  SELECT (x.reconciled_at AT TIME ZONE 'UTC')::date, coalesce(x.brand_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(x.n), sum(x.projected), sum(x.actual)
  FROM jsonb_to_recordset(d) AS x(reconciled_at timestamptz, brand_id uuid, n bigint, projected bigint, actual bigint)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0 OR sum(x.projected) <> 0 OR sum(x.actual) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, brand_id) DO UPDATE
    SET reconciliations = c.reconciliations + excluded.reconciliations,
        projected_spend_cents = c.projected_spend_cents + excluded.projected_spend_cents,
        actual_spend_cents = c.actual_spend_cents + excluded.actual_spend_cents
$$;
--> statement-breakpoint
-- Recomputes the hours given. Each hour is locked (ascending) until commit, so that a later
-- recomputation of the same hour sees this transaction's writes; a full rebuild excludes them all.
CREATE FUNCTION daypart_hours_refresh(hours timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF hours IS NULL OR cardinality(hours) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727017, 0);
  PERFORM pg_advisory_xact_lock(727016, (extract(epoch FROM t.h) / 3600)::int)
  FROM (SELECT DISTINCT h FROM unnest(hours) AS u(h) WHERE h IS NOT NULL ORDER BY h) t;
  DELETE FROM daypart_hours WHERE hour = ANY (hours);
  INSERT INTO daypart_hours
  SELECT hour, status, daypart_id, count(*), sum(spots), sum(amount), sum(spend)
  FROM daypart_item_shares
  WHERE estimate_id = ANY (ARRAY(
    SELECT e.id FROM (SELECT DISTINCT h FROM unnest(hours) AS u(h) WHERE h IS NOT NULL) t
    JOIN estimates e ON coalesce(e.submitted_at, e.created_at) >= t.h AND coalesce(e.submitted_at, e.created_at) < t.h + interval '1 hour'))
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
CREATE FUNCTION daypart_hours_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727017, 0);
  DELETE FROM daypart_hours;
  -- In key order: a window's rows are then neighbours on disk (later writes append in time order too).
  INSERT INTO daypart_hours SELECT * FROM daypart_hours_computed ORDER BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- Every rollup from the rows (this migration; bench/generate-1m after its bulk load without triggers).
CREATE FUNCTION analytics_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE order_counts, reconciliation_brand_days, brand_hours IN EXCLUSIVE MODE;
  DELETE FROM order_counts;
  INSERT INTO order_counts SELECT * FROM order_counts_computed ORDER BY 1, 2, 3;
  DELETE FROM reconciliation_brand_days;
  INSERT INTO reconciliation_brand_days SELECT * FROM reconciliation_brand_days_computed ORDER BY 1, 2;
  DELETE FROM brand_hours;
  INSERT INTO brand_hours SELECT * FROM brand_hours_computed ORDER BY 1, 2, 3;
  PERFORM daypart_hours_rebuild();
END
$$;
--> statement-breakpoint
-- Statement triggers compare the transition tables with EXCEPT (hashed), never by a join of
-- old_rows and new_rows: the planner does not know their sizes, and a nested loop over a bulk
-- update (the station clock) would take minutes. Unchanged rows cancel out (or are skipped).
CREATE FUNCTION rollups_on_estimates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb;
  removed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(to_jsonb(n)) INTO added FROM (SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM new_rows) n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(to_jsonb(c)) INTO added FROM (
      SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM new_rows
      EXCEPT ALL
      SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM old_rows) c;
    SELECT jsonb_agg(to_jsonb(c)) INTO removed FROM (
      SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM old_rows
      EXCEPT ALL
      SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM new_rows) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(to_jsonb(o)) INTO removed FROM (SELECT id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at FROM old_rows) o;
  END IF;
  PERFORM rollups_add_orders(added, 1, true);
  PERFORM rollups_add_orders(removed, -1, TG_OP = 'UPDATE');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders [{id, owner_id, brand_id, status, total_spend_cents, total_amount_cents, submitted_at,
-- created_at}] added (dir 1) or taken off (-1) by a statement on estimates; `counted` false:
-- order_counts and reconciliation_brand_days left alone (a deletion took the order off them before
-- the row went, see below).
CREATE FUNCTION rollups_add_orders(orders jsonb, dir int, counted boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF orders IS NULL THEN
    RETURN;
  END IF;
  IF counted THEN
    PERFORM order_counts_add((
      SELECT jsonb_agg(jsonb_build_object('owner_id', x.owner_id, 'brand_id', x.brand_id, 'status', x.status, 'n', dir, 'spend', dir * x.total_spend_cents,
        'rec', dir * (EXISTS (SELECT 1 FROM reconciliations r WHERE r.estimate_id = x.id))::int))
      FROM jsonb_to_recordset(orders) AS x(id uuid, owner_id uuid, brand_id uuid, status text, total_spend_cents bigint)));
    PERFORM reconciliation_brand_days_add((
      SELECT jsonb_agg(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', x.brand_id, 'n', dir, 'projected', dir * r.projected_spend_cents, 'actual', dir * r.actual_spend_cents))
      FROM jsonb_to_recordset(orders) AS x(id uuid, brand_id uuid) JOIN reconciliations r ON r.estimate_id = x.id));
  END IF;
  PERFORM brand_hours_add((SELECT jsonb_agg(j || jsonb_build_object('n', dir, 'amount', dir * (j ->> 'total_amount_cents')::bigint)) FROM jsonb_array_elements(orders) AS e(j)));
  PERFORM daypart_hours_refresh((SELECT array_agg(DISTINCT order_hour(x.submitted_at, x.created_at)) FROM jsonb_to_recordset(orders) AS x(submitted_at timestamptz, created_at timestamptz)));
END
$$;
--> statement-breakpoint
-- Before the order goes: its reconciliation (deleted by the cascade) still tells what to take off.
CREATE FUNCTION rollups_before_estimate_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r reconciliations%ROWTYPE;
BEGIN
  SELECT * INTO r FROM reconciliations WHERE estimate_id = OLD.id;
  PERFORM order_counts_add(jsonb_build_array(jsonb_build_object('owner_id', OLD.owner_id, 'brand_id', OLD.brand_id, 'status', OLD.status, 'n', -1, 'spend', -OLD.total_spend_cents, 'rec', CASE WHEN r.id IS NULL THEN 0 ELSE -1 END)));
  IF r.id IS NOT NULL THEN
    PERFORM reconciliation_brand_days_add(jsonb_build_array(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', OLD.brand_id, 'n', -1, 'projected', -r.projected_spend_cents, 'actual', -r.actual_spend_cents)));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Reconciliations [{estimate_id, reconciled_at, projected_spend_cents, actual_spend_cents}] added
-- (dir 1) or taken off (-1), for orders that still exist (an order's own removal took its
-- reconciliation off). An update takes the old rows off and adds the new ones (what did not change cancels out).
CREATE FUNCTION rollups_add_reconciliations(recs jsonb, dir int) RETURNS void LANGUAGE sql AS $$
  SELECT order_counts_add((
    SELECT jsonb_agg(jsonb_build_object('owner_id', e.owner_id, 'brand_id', e.brand_id, 'status', e.status, 'n', 0, 'spend', 0, 'rec', dir))
    FROM jsonb_to_recordset(recs) AS x(estimate_id uuid) JOIN estimates e ON e.id = x.estimate_id));
  SELECT reconciliation_brand_days_add((
    SELECT jsonb_agg(jsonb_build_object('reconciled_at', x.reconciled_at, 'brand_id', e.brand_id, 'n', dir, 'projected', dir * x.projected_spend_cents, 'actual', dir * x.actual_spend_cents))
    FROM jsonb_to_recordset(recs) AS x(estimate_id uuid, reconciled_at timestamptz, projected_spend_cents bigint, actual_spend_cents bigint)
    JOIN estimates e ON e.id = x.estimate_id));
$$;
--> statement-breakpoint
CREATE FUNCTION rollups_on_reconciliations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM rollups_add_reconciliations((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM rollups_add_reconciliations((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n), 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Items move their orders' split: the hours of the orders they belong to are recomputed.
CREATE FUNCTION rollups_on_estimate_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM daypart_hours_refresh((SELECT array_agg(order_hour(e.submitted_at, e.created_at)) FROM estimates e WHERE e.id IN (SELECT estimate_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM daypart_hours_refresh((SELECT array_agg(order_hour(e.submitted_at, e.created_at)) FROM estimates e
      WHERE e.id IN (SELECT estimate_id FROM new_rows UNION SELECT estimate_id FROM old_rows)));
  ELSE
    PERFORM daypart_hours_refresh((SELECT array_agg(order_hour(e.submitted_at, e.created_at)) FROM estimates e WHERE e.id IN (SELECT estimate_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A daypart's rate (multiplier, CPM, days) is in every order's split: all hours are recomputed.
CREATE FUNCTION rollups_on_dayparts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.multiplier, o.base_cpm_cents, cardinality(o.days_of_week)) IS DISTINCT FROM (n.multiplier, n.base_cpm_cents, cardinality(n.days_of_week))
  ) THEN
    PERFORM daypart_hours_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rollups_estimates_insert AFTER INSERT ON estimates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
--> statement-breakpoint
CREATE TRIGGER rollups_estimates_update AFTER UPDATE ON estimates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
--> statement-breakpoint
CREATE TRIGGER rollups_estimates_delete AFTER DELETE ON estimates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
--> statement-breakpoint
CREATE TRIGGER rollups_estimates_before_delete BEFORE DELETE ON estimates FOR EACH ROW EXECUTE FUNCTION rollups_before_estimate_delete();
--> statement-breakpoint
CREATE TRIGGER rollups_reconciliations_insert AFTER INSERT ON reconciliations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
--> statement-breakpoint
CREATE TRIGGER rollups_reconciliations_update AFTER UPDATE ON reconciliations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
--> statement-breakpoint
CREATE TRIGGER rollups_reconciliations_delete AFTER DELETE ON reconciliations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
--> statement-breakpoint
CREATE TRIGGER rollups_estimate_items_insert AFTER INSERT ON estimate_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
--> statement-breakpoint
CREATE TRIGGER rollups_estimate_items_update AFTER UPDATE ON estimate_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
--> statement-breakpoint
CREATE TRIGGER rollups_estimate_items_delete AFTER DELETE ON estimate_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
--> statement-breakpoint
CREATE TRIGGER rollups_dayparts_update AFTER UPDATE ON dayparts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_dayparts();
--> statement-breakpoint
SELECT analytics_rollups_rebuild();
--> statement-breakpoint
ANALYZE "order_counts";
--> statement-breakpoint
ANALYZE "reconciliation_brand_days";
--> statement-breakpoint
ANALYZE "daypart_hours";
--> statement-breakpoint
ANALYZE "brand_hours";
