-- The analytics rollups' definitions of record (decisions 023, 039 and 045; history: migrations 0016, 0018, 0019, 0030,
-- 0035, 0041): each rollup's *_computed view, which the rebuilds copy and test/api/analytics-rollups.test.ts compares
-- with the rollup, and the rebuilds. The incremental upkeep (the triggers, the staged deltas, the flush at commit) is
-- rollups.sql. Applied as a repeatable definition (decision 049), so idempotent: CREATE OR REPLACE throughout.

-- Every record of the array d has every key in keys (else an error naming the record): the check
-- before a reader takes the keys it expects out of JSON another function built.
CREATE OR REPLACE FUNCTION json_records(d jsonb, keys text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
DECLARE
  lacking jsonb;
BEGIN
  SELECT e INTO lacking FROM jsonb_array_elements(coalesce(d, '[]'::jsonb)) AS a(e) WHERE NOT (e ?& keys) LIMIT 1;
  IF lacking IS NOT NULL THEN
    RAISE EXCEPTION 'json_records: % lacks one of the keys %', lacking, keys;
  END IF;
  RETURN d;
END
$function$;

CREATE OR REPLACE FUNCTION order_hour(submitted timestamp with time zone, created timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT date_trunc('hour', coalesce(submitted, created) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$function$;

-- The UTC day and the UTC week (from Monday) an instant falls in: the buckets of the rollups kept per day or week
-- (reconciliation_brand_days; daypart_days and daypart_weeks, migration 0066), and the boundaries the analytics
-- reader computes from them (src/server/modules/analytics/daypart-split.ts). Inlined by the planner.
CREATE OR REPLACE FUNCTION utc_day(t timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT (t AT TIME ZONE 'UTC')::date
$function$;

CREATE OR REPLACE FUNCTION utc_week(t timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT date_trunc('week', t AT TIME ZONE 'UTC')::date
$function$;

CREATE OR REPLACE VIEW order_counts_computed AS
 SELECT s.scope,
    s.scope_id,
    e.status,
    count(*) AS orders,
    COALESCE(sum(e.total_spend_cents), 0::numeric)::bigint AS spend_cents,
    count(r.id) AS reconciled
   FROM estimates e
     LEFT JOIN reconciliations r ON r.estimate_id = e.id
     CROSS JOIN LATERAL ( VALUES ('all'::text,'00000000-0000-0000-0000-000000000000'::uuid), ('owner'::text,e.owner_id), ('brand'::text,e.brand_id), ('channel'::text,e.channel_id)) s(scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  GROUP BY s.scope, s.scope_id, e.status;

CREATE OR REPLACE VIEW reconciliation_brand_days_computed AS
 SELECT utc_day(r.reconciled_at) AS day,
    COALESCE(e.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) AS brand_id,
    count(*) AS reconciliations,
    sum(r.projected_spend_cents)::bigint AS projected_spend_cents,
    sum(r.actual_spend_cents)::bigint AS actual_spend_cents
   FROM reconciliations r
     JOIN estimates e ON e.id = r.estimate_id
  GROUP BY (utc_day(r.reconciled_at)), (COALESCE(e.brand_id, '00000000-0000-0000-0000-000000000000'::uuid));

CREATE OR REPLACE VIEW brand_hours_computed AS
 SELECT order_hour(submitted_at, created_at) AS hour,
    status,
    COALESCE(brand_id, '00000000-0000-0000-0000-000000000000'::uuid) AS brand_id,
    count(*) AS orders,
    sum(total_amount_cents)::bigint AS amount_cents
   FROM estimates e
  GROUP BY (order_hour(submitted_at, created_at)), status, (COALESCE(brand_id, '00000000-0000-0000-0000-000000000000'::uuid));

CREATE OR REPLACE VIEW status_hours_computed AS
 SELECT order_hour(submitted_at, created_at) AS hour,
    status,
    count(*) AS orders,
    COALESCE(sum(total_amount_cents), 0)::bigint AS amount_cents,
    COALESCE(sum(total_spend_cents), 0)::bigint AS spend_cents,
    COALESCE(sum(end_date - start_date), 0)::bigint AS days,
    count(end_date - start_date) AS dated
   FROM estimates e
  GROUP BY (order_hour(submitted_at, created_at)), status;

-- Campaign stats for the station (issue 28, decision 045): per status and end date ('infinity': none, which is never
-- past): campaigns, impressions, spend and budget. The dashboard's "active" needs the end date. A client's own stats
-- are read from its campaigns (an owner has few), so that an airing moves one row a status and end date, not two.
CREATE OR REPLACE VIEW campaign_counts_computed AS
 SELECT status,
    COALESCE(end_date, 'infinity'::date) AS end_date,
    count(*) AS campaigns,
    sum(total_impressions)::bigint AS impressions,
    sum(spend_cents)::bigint AS spend_cents,
    sum(total_budget_cents)::bigint AS budget_cents
   FROM campaigns c
  GROUP BY status, (COALESCE(end_date, 'infinity'::date));

-- What an invoice adds to receivables (decision 013): its balance while it is sent (or overdue) and has one;
-- NULL otherwise. The one home of the rule: ageing and the Overview's Outstanding read the rollups built on it.
CREATE OR REPLACE FUNCTION invoice_receivable_cents(status text, total_cents bigint, commission_cents bigint, credited_cents bigint, paid_cents bigint, refunded_cents bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN status = 'sent' AND total_cents - commission_cents - credited_cents - paid_cents + refunded_cents > 0
    THEN total_cents - commission_cents - credited_cents - paid_cents + refunded_cents END
$function$;

-- Receivables per customer (NO_ID: every customer) and due date: open invoices and their balance. Ageing's
-- buckets move with today, so the rollup keeps due dates and the reader sums the buckets.
CREATE OR REPLACE VIEW receivable_days_computed AS
 SELECT s.customer_id,
    i.due_date,
    count(*) AS invoices,
    sum(b.cents)::bigint AS balance_cents
   FROM invoices i
     CROSS JOIN LATERAL ( SELECT invoice_receivable_cents(i.status, i.total_cents, i.commission_cents, i.credited_cents, i.paid_cents, i.refunded_cents) AS cents) b
     CROSS JOIN LATERAL ( VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (i.customer_id)) s(customer_id)
  WHERE b.cents IS NOT NULL
  GROUP BY s.customer_id, i.due_date;

-- Each customer's open invoices and balance, every due date together (ageing's 90+ is this less the recent days).
CREATE OR REPLACE VIEW receivable_customers_computed AS
 SELECT customer_id,
    sum(invoices)::bigint AS invoices,
    sum(balance_cents)::bigint AS balance_cents
   FROM receivable_days_computed
  WHERE customer_id <> '00000000-0000-0000-0000-000000000000'::uuid
  GROUP BY customer_id;

CREATE OR REPLACE VIEW daypart_item_shares AS
 SELECT e.id AS estimate_id,
    order_hour(e.submitted_at, e.created_at) AS hour,
    e.status,
    i.daypart_id,
    i.spots_per_occurrence AS spots,
    COALESCE(e.total_amount_cents::double precision * (w.cost / NULLIF(sum(w.cost) OVER (PARTITION BY e.id), 0::double precision)), 0::double precision) AS amount,
    COALESCE(e.total_spend_cents::double precision * (w.cost / NULLIF(sum(w.cost) OVER (PARTITION BY e.id), 0::double precision)), 0::double precision) AS spend
   FROM estimates e
     JOIN estimate_items i ON i.estimate_id = e.id
     JOIN dayparts d ON d.id = i.daypart_id
     CROSS JOIN LATERAL ( SELECT item_weekly_cost(d.multiplier, i.spots_per_occurrence, item_cpm_cents(i.user_defined_cpm_cents, d.base_cpm_cents), cardinality(d.days_of_week)) AS cost) w;

CREATE OR REPLACE VIEW daypart_order_shares_computed AS
 SELECT estimate_id,
    daypart_id,
    hour,
    status,
    count(*) AS items,
    sum(spots) AS spots,
    sum(amount::numeric) AS amount_cents,
    sum(spend::numeric) AS spend_cents
   FROM daypart_item_shares
  GROUP BY estimate_id, daypart_id, hour, status;

CREATE OR REPLACE VIEW daypart_hours_computed AS
 SELECT hour,
    status,
    daypart_id,
    sum(items)::bigint AS orders,
    sum(spots)::bigint AS spots,
    sum(amount_cents) AS amount_cents,
    sum(spend_cents) AS spend_cents
   FROM daypart_order_shares_computed
  GROUP BY hour, status, daypart_id;

-- The same split per UTC day and per UTC week (from Monday) of the order's hour (migration 0066): what a window
-- adds up after its first UTC midnight and its first Monday, a few rows a day or a week per status and daypart
-- instead of a few an hour (decision 053, "Scale").
CREATE OR REPLACE VIEW daypart_days_computed AS
 SELECT utc_day(hour) AS day,
    status,
    daypart_id,
    sum(orders)::bigint AS orders,
    sum(spots)::bigint AS spots,
    sum(amount_cents) AS amount_cents,
    sum(spend_cents) AS spend_cents
   FROM daypart_hours_computed
  GROUP BY 1, status, daypart_id;

CREATE OR REPLACE VIEW daypart_weeks_computed AS
 SELECT utc_week(hour) AS week,
    status,
    daypart_id,
    sum(orders)::bigint AS orders,
    sum(spots)::bigint AS spots,
    sum(amount_cents) AS amount_cents,
    sum(spend_cents) AS spend_cents
   FROM daypart_hours_computed
  GROUP BY 1, status, daypart_id;

CREATE OR REPLACE FUNCTION analytics_rollups_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_id('rollup_writer'), 0);
  LOCK TABLE order_counts, reconciliation_brand_days, brand_hours, status_hours, campaign_counts, receivable_days, receivable_customers IN EXCLUSIVE MODE;
  DELETE FROM rollup_deltas WHERE xid = pg_current_xact_id();
  DELETE FROM order_counts;
  INSERT INTO order_counts SELECT * FROM order_counts_computed ORDER BY 1, 2, 3;
  DELETE FROM reconciliation_brand_days;
  INSERT INTO reconciliation_brand_days SELECT * FROM reconciliation_brand_days_computed ORDER BY 1, 2;
  DELETE FROM brand_hours;
  INSERT INTO brand_hours SELECT * FROM brand_hours_computed ORDER BY 1, 2, 3;
  DELETE FROM status_hours;
  INSERT INTO status_hours SELECT * FROM status_hours_computed ORDER BY 1, 2;
  DELETE FROM campaign_counts;
  INSERT INTO campaign_counts SELECT * FROM campaign_counts_computed ORDER BY 1, 2;
  DELETE FROM receivable_days;
  INSERT INTO receivable_days SELECT * FROM receivable_days_computed ORDER BY 1, 2;
  DELETE FROM receivable_customers;
  INSERT INTO receivable_customers SELECT * FROM receivable_customers_computed ORDER BY 1;
  PERFORM daypart_hours_rebuild();
END
$function$;

CREATE OR REPLACE FUNCTION daypart_hours_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_id('rollup_writer'), 0);
  DELETE FROM daypart_order_shares;
  INSERT INTO daypart_order_shares SELECT * FROM daypart_order_shares_computed ORDER BY 1, 2;
  DELETE FROM daypart_hours;
  -- In key order: a window's rows are then neighbours on disk (later writes append in time order too).
  INSERT INTO daypart_hours
  SELECT hour, status, daypart_id, sum(items), sum(spots), sum(amount_cents), sum(spend_cents) FROM daypart_order_shares GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  DELETE FROM daypart_days;
  INSERT INTO daypart_days
  SELECT utc_day(hour), status, daypart_id, sum(orders), sum(spots), sum(amount_cents), sum(spend_cents) FROM daypart_hours GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  DELETE FROM daypart_weeks;
  INSERT INTO daypart_weeks
  SELECT utc_week(hour), status, daypart_id, sum(orders), sum(spots), sum(amount_cents), sum(spend_cents) FROM daypart_hours GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END
$function$;

-- An order's change: its new split less the one last added (daypart_order_shares), the difference added to the
-- hours, then the same difference summed per day and per week (each in key order, hours before days before weeks,
-- the same in every transaction, so that two writers wait for each other rather than deadlock).
CREATE OR REPLACE FUNCTION daypart_orders_refresh(ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  d daypart_hours[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(lock_id('daypart_orders'), k.key) FROM (SELECT DISTINCT hashtext(u.id::text) AS key FROM unnest(ids) AS u(id) ORDER BY 1) k;
  SELECT array_agg(ROW(hour, status, daypart_id, items, spots, amount_cents, spend_cents)::daypart_hours ORDER BY hour, status, daypart_id) INTO d FROM (
    SELECT hour, status, daypart_id, sum(items)::bigint AS items, sum(spots)::bigint AS spots, sum(amount_cents) AS amount_cents, sum(spend_cents) AS spend_cents
    FROM (SELECT hour, status, daypart_id, items, spots, amount_cents, spend_cents FROM daypart_order_shares_computed WHERE estimate_id = ANY (ids)
          UNION ALL
          SELECT hour, status, daypart_id, -items, -spots, -amount_cents, -spend_cents FROM daypart_order_shares WHERE estimate_id = ANY (ids)) s
    GROUP BY 1, 2, 3
    HAVING sum(items) <> 0 OR sum(spots) <> 0 OR sum(amount_cents) <> 0 OR sum(spend_cents) <> 0) g;
  IF d IS NOT NULL THEN
    INSERT INTO daypart_hours AS c
    SELECT * FROM unnest(d) ORDER BY 1, 2, 3
    ON CONFLICT (hour, status, daypart_id) DO UPDATE
      SET orders = c.orders + excluded.orders, spots = c.spots + excluded.spots,
          amount_cents = c.amount_cents + excluded.amount_cents, spend_cents = c.spend_cents + excluded.spend_cents;
    INSERT INTO daypart_days AS c
    SELECT utc_day(x.hour), x.status, x.daypart_id, sum(x.orders), sum(x.spots), sum(x.amount_cents), sum(x.spend_cents)
    FROM unnest(d) x
    GROUP BY 1, 2, 3
    HAVING sum(x.orders) <> 0 OR sum(x.spots) <> 0 OR sum(x.amount_cents) <> 0 OR sum(x.spend_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (day, status, daypart_id) DO UPDATE
      SET orders = c.orders + excluded.orders, spots = c.spots + excluded.spots,
          amount_cents = c.amount_cents + excluded.amount_cents, spend_cents = c.spend_cents + excluded.spend_cents;
    INSERT INTO daypart_weeks AS c
    SELECT utc_week(x.hour), x.status, x.daypart_id, sum(x.orders), sum(x.spots), sum(x.amount_cents), sum(x.spend_cents)
    FROM unnest(d) x
    GROUP BY 1, 2, 3
    HAVING sum(x.orders) <> 0 OR sum(x.spots) <> 0 OR sum(x.amount_cents) <> 0 OR sum(x.spend_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (week, status, daypart_id) DO UPDATE
      SET orders = c.orders + excluded.orders, spots = c.spots + excluded.spots,
          amount_cents = c.amount_cents + excluded.amount_cents, spend_cents = c.spend_cents + excluded.spend_cents;
  END IF;
  DELETE FROM daypart_order_shares WHERE estimate_id = ANY (ids);
  INSERT INTO daypart_order_shares SELECT * FROM daypart_order_shares_computed WHERE estimate_id = ANY (ids);
END
$function$;
