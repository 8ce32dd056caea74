-- A write to orders takes its hours' locks (daypart_hours_refresh's) before any rollup row, so that
-- rollup writers always lock hours first, then rows in key order. Before, a statement locked
-- order_counts rows first and its hours last, and took what it added before what it removed: a new
-- draft (the station's draft count, then the current hour) and a submit (the current hour, then the
-- draft count) waited for each other and deadlocked under 100 concurrent users on PostgreSQL
-- (bench/load). AFTER triggers of one event fire in name order: `rollups_a_…` runs before the others;
-- a deleted order's counts are taken off by a BEFORE ROW trigger, so its hour is locked by one that
-- fires before it (`rollups_before_a_…`).
CREATE FUNCTION rollups_lock_hours(hours timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF hours IS NULL OR cardinality(hours) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727017, 0);
  PERFORM pg_advisory_xact_lock(727016, (extract(epoch FROM t.h) / 3600)::int)
  FROM (SELECT DISTINCT h FROM unnest(hours) AS u(h) WHERE h IS NOT NULL ORDER BY h) t;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rollups_lock_order_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM rollups_lock_hours(ARRAY[order_hour(OLD.submitted_at, OLD.created_at)]);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM rollups_lock_hours(ARRAY(SELECT order_hour(n.submitted_at, n.created_at) FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM rollups_lock_hours(ARRAY(SELECT order_hour(n.submitted_at, n.created_at) FROM new_rows n UNION SELECT order_hour(o.submitted_at, o.created_at) FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rollups_a_hours_insert AFTER INSERT ON estimates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_lock_order_hours();
--> statement-breakpoint
CREATE TRIGGER rollups_a_hours_update AFTER UPDATE ON estimates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_lock_order_hours();
--> statement-breakpoint
CREATE TRIGGER rollups_before_a_hours BEFORE DELETE ON estimates FOR EACH ROW EXECUTE FUNCTION rollups_lock_order_hours();
--> statement-breakpoint
-- One statement's orders added and taken off are applied together, so that each rollup's rows are
-- locked in one pass in key order (taking what was added first, then what was taken off, locked a
-- submit's "ordered" row before its "draft" row and a withdrawal's the other way round).
-- `added` and `removed`: [{id, owner_id, brand_id, status, total_spend_cents, total_amount_cents,
-- submitted_at, created_at}]; `removed_counted` false: the removed orders' counts were taken off
-- already (a deletion, by its BEFORE ROW trigger), so only their hours' figures are.
CREATE FUNCTION rollups_apply_orders(added jsonb, removed jsonb, removed_counted boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  signed jsonb;
BEGIN
  IF added IS NULL AND removed IS NULL THEN
    RETURN;
  END IF;
  -- Each order once with its direction: +1 added, -1 taken off.
  SELECT jsonb_agg(j || jsonb_build_object('dir', d)) INTO signed
  FROM (SELECT j, 1 AS d FROM jsonb_array_elements(coalesce(added, '[]'::jsonb)) AS a(j)
        UNION ALL SELECT j, -1 FROM jsonb_array_elements(coalesce(removed, '[]'::jsonb)) AS r(j)) s;
  PERFORM rollups_lock_hours((SELECT array_agg(order_hour(x.submitted_at, x.created_at)) FROM jsonb_to_recordset(signed) AS x(submitted_at timestamptz, created_at timestamptz)));
  PERFORM order_counts_add((
    SELECT jsonb_agg(jsonb_build_object('owner_id', x.owner_id, 'brand_id', x.brand_id, 'status', x.status, 'n', x.dir, 'spend', x.dir * x.total_spend_cents,
      'rec', x.dir * (EXISTS (SELECT 1 FROM reconciliations r WHERE r.estimate_id = x.id))::int))
    FROM jsonb_to_recordset(signed) AS x(id uuid, owner_id uuid, brand_id uuid, status text, total_spend_cents bigint, dir int)
    WHERE x.dir > 0 OR removed_counted));
  PERFORM reconciliation_brand_days_add((
    SELECT jsonb_agg(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', x.brand_id, 'n', x.dir, 'projected', x.dir * r.projected_spend_cents, 'actual', x.dir * r.actual_spend_cents))
    FROM jsonb_to_recordset(signed) AS x(id uuid, brand_id uuid, dir int) JOIN reconciliations r ON r.estimate_id = x.id
    WHERE x.dir > 0 OR removed_counted));
  PERFORM brand_hours_add((SELECT jsonb_agg(j || jsonb_build_object('n', (j ->> 'dir')::int, 'amount', (j ->> 'dir')::int * (j ->> 'total_amount_cents')::bigint)) FROM jsonb_array_elements(signed) AS e(j)));
  PERFORM daypart_hours_refresh((SELECT array_agg(DISTINCT order_hour(x.submitted_at, x.created_at)) FROM jsonb_to_recordset(signed) AS x(submitted_at timestamptz, created_at timestamptz)));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_on_estimates() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM rollups_apply_orders(added, removed, TG_OP = 'UPDATE');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Replaced by rollups_apply_orders, which takes both sides at once.
DROP FUNCTION rollups_add_orders(jsonb, int, boolean);
