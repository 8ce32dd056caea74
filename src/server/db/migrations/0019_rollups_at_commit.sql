CREATE TABLE "daypart_order_shares" (
	"estimate_id" uuid NOT NULL,
	"daypart_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"items" bigint NOT NULL,
	"spots" bigint NOT NULL,
	"amount_cents" numeric NOT NULL,
	"spend_cents" numeric NOT NULL,
	CONSTRAINT "daypart_order_shares_pkey" PRIMARY KEY("estimate_id","daypart_id")
);
--> statement-breakpoint
ALTER TABLE "daypart_hours" ALTER COLUMN "amount_cents" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "daypart_hours" ALTER COLUMN "spend_cents" SET DATA TYPE numeric;--> statement-breakpoint
-- The rollups are applied when the writing transaction commits (decision 023, amended), not when
-- its statements run. Before, every write of an order took its hour's lock and recomputed the
-- whole hour's daypart split, and held that lock and the rollups' hot rows (the station's count of
-- drafts, the current hour) until commit: under 200 users every order write of the hour waited for
-- the one before it (writes p50 1.2-1.5 s, reads p99 1.5 s behind them for the pool's connections).
--
-- Now the triggers stage their deltas in rollup_deltas (this transaction's rows, never read by
-- another) and a deferred constraint trigger applies them at commit, in one pass per rollup, in
-- key order: the hot rows are held for the commit only. The daypart split is kept by deltas too:
-- each order's split as last added (daypart_order_shares) is taken off and its split now added, in
-- exact sums (numeric) of each item's share, so that no hour is recomputed.
--
-- Locks, always in this order, so that two commits never wait for each other in a cycle: the
-- rebuild's lock (727017) shared, each order's lock (727018, by the hash of its id, ascending),
-- then the rows of daypart_hours, order_counts, reconciliation_brand_days and brand_hours, each
-- table's in key order.
DROP TRIGGER rollups_a_hours_insert ON estimates;
--> statement-breakpoint
DROP TRIGGER rollups_a_hours_update ON estimates;
--> statement-breakpoint
DROP TRIGGER rollups_before_a_hours ON estimates;
--> statement-breakpoint
DROP FUNCTION rollups_lock_order_hours();
--> statement-breakpoint
DROP FUNCTION rollups_apply_orders(jsonb, jsonb, boolean);
--> statement-breakpoint
DROP FUNCTION daypart_hours_refresh(timestamptz[]);
--> statement-breakpoint
DROP FUNCTION rollups_lock_hours(timestamptz[]);
--> statement-breakpoint
DROP VIEW daypart_hours_computed;
--> statement-breakpoint
-- Each item's share cast to numeric before it is added up: sums of numerics are exact in any order,
-- so an order's split taken off later cancels what was added.
CREATE VIEW daypart_order_shares_computed AS
  SELECT estimate_id, daypart_id, hour, status, count(*)::bigint AS items, sum(spots)::bigint AS spots,
         sum(amount::numeric) AS amount_cents, sum(spend::numeric) AS spend_cents
  FROM daypart_item_shares
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE VIEW daypart_hours_computed AS
  SELECT hour, status, daypart_id, sum(items)::bigint AS orders, sum(spots)::bigint AS spots, sum(amount_cents) AS amount_cents, sum(spend_cents) AS spend_cents
  FROM daypart_order_shares_computed
  GROUP BY 1, 2, 3;
--> statement-breakpoint
-- What a transaction's statements changed, to be added to the rollups at its commit: one jsonb per
-- trigger, {order_counts: [...], reconciliation_brand_days: [...], brand_hours: [...] (each the
-- delta rows of its *_add function), orders: [ids whose daypart split may have moved]}. Unlogged:
-- rows live for one transaction (a crash aborts it anyway).
CREATE UNLOGGED TABLE rollup_deltas (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  d jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX rollup_deltas_xid ON rollup_deltas (xid);
--> statement-breakpoint
CREATE FUNCTION rollups_stage(order_counts jsonb, reconciliation_brand_days jsonb, brand_hours jsonb, orders jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO rollup_deltas (d)
  SELECT jsonb_build_object('order_counts', coalesce(order_counts, '[]'), 'reconciliation_brand_days', coalesce(reconciliation_brand_days, '[]'),
    'brand_hours', coalesce(brand_hours, '[]'), 'orders', coalesce(orders, '[]'))
  WHERE order_counts IS NOT NULL OR reconciliation_brand_days IS NOT NULL OR brand_hours IS NOT NULL OR orders IS NOT NULL
$$;
--> statement-breakpoint
-- The orders' daypart split: what was added for them is taken off and their split now added, in one
-- pass in key order; zero rows are kept, as in the other rollups. Each order is locked first, so
-- that of two transactions changing one order the second computes its split after the first commits.
CREATE FUNCTION daypart_orders_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(727018, k.key) FROM (SELECT DISTINCT hashtext(u.id::text) AS key FROM unnest(ids) AS u(id) ORDER BY 1) k;
  INSERT INTO daypart_hours AS c (hour, status, daypart_id, orders, spots, amount_cents, spend_cents)
  SELECT hour, status, daypart_id, sum(items), sum(spots), sum(amount_cents), sum(spend_cents)
  FROM (SELECT hour, status, daypart_id, items, spots, amount_cents, spend_cents FROM daypart_order_shares_computed WHERE estimate_id = ANY (ids)
        UNION ALL
        SELECT hour, status, daypart_id, -items, -spots, -amount_cents, -spend_cents FROM daypart_order_shares WHERE estimate_id = ANY (ids)) d
  GROUP BY 1, 2, 3
  HAVING sum(items) <> 0 OR sum(spots) <> 0 OR sum(amount_cents) <> 0 OR sum(spend_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (hour, status, daypart_id) DO UPDATE
    SET orders = c.orders + excluded.orders, spots = c.spots + excluded.spots,
        amount_cents = c.amount_cents + excluded.amount_cents, spend_cents = c.spend_cents + excluded.spend_cents;
  DELETE FROM daypart_order_shares WHERE estimate_id = ANY (ids);
  INSERT INTO daypart_order_shares SELECT * FROM daypart_order_shares_computed WHERE estimate_id = ANY (ids);
END
$$;
--> statement-breakpoint
-- At commit: this transaction's staged deltas, applied (see the lock order above). The first of
-- its events applies them all; the others find none.
CREATE FUNCTION rollups_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  staged jsonb[];
BEGIN
  WITH gone AS (DELETE FROM rollup_deltas WHERE xid = pg_current_xact_id() RETURNING d) SELECT array_agg(d) INTO staged FROM gone;
  IF staged IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727017, 0);
  PERFORM daypart_orders_refresh(ARRAY(SELECT DISTINCT e::uuid FROM unnest(staged) AS s(d), jsonb_array_elements_text(s.d -> 'orders') AS e));
  PERFORM order_counts_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'order_counts') AS e));
  PERFORM reconciliation_brand_days_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'reconciliation_brand_days') AS e));
  PERFORM brand_hours_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'brand_hours') AS e));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rollups_flush AFTER INSERT ON rollup_deltas DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollups_flush();
--> statement-breakpoint
-- The triggers of 0016 and 0018, staging instead of applying.
CREATE OR REPLACE FUNCTION rollups_on_estimates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb;
  removed jsonb;
  signed jsonb;
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
  IF added IS NULL AND removed IS NULL THEN
    RETURN NULL;
  END IF;
  -- Each order once with its direction: +1 added, -1 taken off. A deleted order's counts were
  -- staged by its BEFORE ROW trigger (while its reconciliation still existed): only its hour's figures are here.
  SELECT jsonb_agg(j || jsonb_build_object('dir', d)) INTO signed
  FROM (SELECT j, 1 AS d FROM jsonb_array_elements(coalesce(added, '[]'::jsonb)) AS a(j)
        UNION ALL SELECT j, -1 FROM jsonb_array_elements(coalesce(removed, '[]'::jsonb)) AS r(j)) s;
  PERFORM rollups_stage(
    (SELECT jsonb_agg(jsonb_build_object('owner_id', x.owner_id, 'brand_id', x.brand_id, 'status', x.status, 'n', x.dir, 'spend', x.dir * x.total_spend_cents,
      'rec', x.dir * (EXISTS (SELECT 1 FROM reconciliations r WHERE r.estimate_id = x.id))::int))
     FROM jsonb_to_recordset(signed) AS x(id uuid, owner_id uuid, brand_id uuid, status text, total_spend_cents bigint, dir int)
     WHERE x.dir > 0 OR TG_OP = 'UPDATE'),
    (SELECT jsonb_agg(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', x.brand_id, 'n', x.dir, 'projected', x.dir * r.projected_spend_cents, 'actual', x.dir * r.actual_spend_cents))
     FROM jsonb_to_recordset(signed) AS x(id uuid, brand_id uuid, dir int) JOIN reconciliations r ON r.estimate_id = x.id
     WHERE x.dir > 0 OR TG_OP = 'UPDATE'),
    (SELECT jsonb_agg(j || jsonb_build_object('n', (j ->> 'dir')::int, 'amount', (j ->> 'dir')::int * (j ->> 'total_amount_cents')::bigint)) FROM jsonb_array_elements(signed) AS e(j)),
    (SELECT jsonb_agg(DISTINCT j -> 'id') FROM jsonb_array_elements(signed) AS e(j)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_before_estimate_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r reconciliations%ROWTYPE;
BEGIN
  SELECT * INTO r FROM reconciliations WHERE estimate_id = OLD.id;
  PERFORM rollups_stage(
    jsonb_build_array(jsonb_build_object('owner_id', OLD.owner_id, 'brand_id', OLD.brand_id, 'status', OLD.status, 'n', -1, 'spend', -OLD.total_spend_cents, 'rec', CASE WHEN r.id IS NULL THEN 0 ELSE -1 END)),
    CASE WHEN r.id IS NOT NULL THEN jsonb_build_array(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', OLD.brand_id, 'n', -1, 'projected', -r.projected_spend_cents, 'actual', -r.actual_spend_cents)) END,
    NULL, NULL);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_add_reconciliations(recs jsonb, dir int) RETURNS void LANGUAGE sql AS $$
  SELECT rollups_stage(
    (SELECT jsonb_agg(jsonb_build_object('owner_id', e.owner_id, 'brand_id', e.brand_id, 'status', e.status, 'n', 0, 'spend', 0, 'rec', dir))
     FROM jsonb_to_recordset(recs) AS x(estimate_id uuid) JOIN estimates e ON e.id = x.estimate_id),
    (SELECT jsonb_agg(jsonb_build_object('reconciled_at', x.reconciled_at, 'brand_id', e.brand_id, 'n', dir, 'projected', dir * x.projected_spend_cents, 'actual', dir * x.actual_spend_cents))
     FROM jsonb_to_recordset(recs) AS x(estimate_id uuid, reconciled_at timestamptz, projected_spend_cents bigint, actual_spend_cents bigint)
     JOIN estimates e ON e.id = x.estimate_id),
    NULL, NULL);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_on_estimate_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rollups_stage(NULL, NULL, NULL, (SELECT jsonb_agg(DISTINCT estimate_id) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM rollups_stage(NULL, NULL, NULL, (SELECT jsonb_agg(DISTINCT estimate_id) FROM (SELECT estimate_id FROM new_rows UNION SELECT estimate_id FROM old_rows) u));
  ELSE
    PERFORM rollups_stage(NULL, NULL, NULL, (SELECT jsonb_agg(DISTINCT estimate_id) FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every order's split anew (a daypart's rate moves them all), under the rebuild's lock: commits
-- applying deltas wait, and their orders' splits, taken off and added again, then change nothing.
CREATE OR REPLACE FUNCTION daypart_hours_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727017, 0);
  DELETE FROM daypart_order_shares;
  INSERT INTO daypart_order_shares SELECT * FROM daypart_order_shares_computed ORDER BY 1, 2;
  DELETE FROM daypart_hours;
  -- In key order: a window's rows are then neighbours on disk (later writes append in time order too).
  INSERT INTO daypart_hours
  SELECT hour, status, daypart_id, sum(items), sum(spots), sum(amount_cents), sum(spend_cents) FROM daypart_order_shares GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- Every rollup from the rows. The rebuild's lock first (commits applying deltas hold it shared, then
-- the rollups' rows); this transaction's own staged deltas are in the rows already.
CREATE OR REPLACE FUNCTION analytics_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727017, 0);
  LOCK TABLE order_counts, reconciliation_brand_days, brand_hours IN EXCLUSIVE MODE;
  DELETE FROM rollup_deltas WHERE xid = pg_current_xact_id();
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
SELECT analytics_rollups_rebuild();
--> statement-breakpoint
ANALYZE "daypart_order_shares";
--> statement-breakpoint
ANALYZE "daypart_hours";
