-- The analytics rollups kept up to date (decisions 023, 039 and 045): the views and rebuilds they are checked against are
-- rollups-computed.sql. Applied as a repeatable definition (decision 049), so idempotent: CREATE OR REPLACE throughout.
-- Triggers in the writing transaction stage deltas in rollup_deltas; rollups_flush adds them to the rollups at commit.
-- Functions hand each other arrays of JSON records: every reader goes through json_records (rollups-computed.sql)
-- with the keys it reads, so that a misspelt key is an error, not NULL.

CREATE OR REPLACE FUNCTION brand_hours_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO brand_hours AS c (hour, status, brand_id, orders, amount_cents)
  SELECT order_hour(x.submitted_at, x.created_at), x.status, coalesce(x.brand_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(x.n), sum(x.amount)
  FROM jsonb_to_recordset(json_records(d, ARRAY['submitted_at', 'created_at', 'status', 'brand_id', 'n', 'amount'])) AS x(submitted_at timestamptz, created_at timestamptz, status text, brand_id uuid, n bigint, amount bigint)
  GROUP BY 1, 2, 3
  HAVING sum(x.n) <> 0 OR sum(x.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (hour, status, brand_id) DO UPDATE SET orders = c.orders + excluded.orders, amount_cents = c.amount_cents + excluded.amount_cents
$function$;

-- The same records as brand_hours_add's (each order's hour figures, signed), summed per hour and status alone.
CREATE OR REPLACE FUNCTION status_hours_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO status_hours AS c (hour, status, orders, amount_cents, spend_cents, days, dated)
  SELECT order_hour(x.submitted_at, x.created_at), x.status, sum(x.n), sum(x.amount), coalesce(sum(x.n * x.total_spend_cents), 0),
    coalesce(sum(x.n * (x.end_date - x.start_date)), 0), coalesce(sum(x.n) FILTER (WHERE x.end_date - x.start_date IS NOT NULL), 0)
  FROM jsonb_to_recordset(json_records(d, ARRAY['submitted_at', 'created_at', 'status', 'n', 'amount', 'total_spend_cents', 'start_date', 'end_date'])) AS x(submitted_at timestamptz, created_at timestamptz, status text, n bigint, amount bigint, total_spend_cents bigint, start_date date, end_date date)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0 OR sum(x.amount) <> 0 OR sum(x.n * x.total_spend_cents) <> 0 OR sum(x.n * (x.end_date - x.start_date)) <> 0
  ORDER BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE
    SET orders = c.orders + excluded.orders, amount_cents = c.amount_cents + excluded.amount_cents, spend_cents = c.spend_cents + excluded.spend_cents,
        days = c.days + excluded.days, dated = c.dated + excluded.dated
$function$;

-- Campaigns' signed figures per status and end date (rollups_on_campaigns), added to the station's rows.
CREATE OR REPLACE FUNCTION campaign_counts_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO campaign_counts AS c (status, end_date, campaigns, impressions, spend_cents, budget_cents)
  SELECT x.status, x.end_date, sum(x.n), sum(x.impressions), sum(x.spend), sum(x.budget)
  FROM jsonb_to_recordset(json_records(d, ARRAY['status', 'end_date', 'n', 'impressions', 'spend', 'budget'])) AS x(status text, end_date date, n bigint, impressions bigint, spend bigint, budget bigint)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0 OR sum(x.impressions) <> 0 OR sum(x.spend) <> 0 OR sum(x.budget) <> 0
  ORDER BY 1, 2
  ON CONFLICT (status, end_date) DO UPDATE
    SET campaigns = c.campaigns + excluded.campaigns, impressions = c.impressions + excluded.impressions,
        spend_cents = c.spend_cents + excluded.spend_cents, budget_cents = c.budget_cents + excluded.budget_cents
$function$;

-- Invoices' signed receivables per customer and due date (rollups_on_invoices): the station's and the customer's
-- rows per due date, then each customer's total, each in key order.
CREATE OR REPLACE FUNCTION receivables_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO receivable_days AS c (customer_id, due_date, invoices, balance_cents)
  SELECT s.customer_id, x.due_date, sum(x.n), sum(x.cents)
  FROM jsonb_to_recordset(json_records(d, ARRAY['customer_id', 'due_date', 'n', 'cents'])) AS x(customer_id uuid, due_date date, n bigint, cents bigint)
  CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (x.customer_id)) AS s(customer_id)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0 OR sum(x.cents) <> 0
  ORDER BY 1, 2
  ON CONFLICT (customer_id, due_date) DO UPDATE
    SET invoices = c.invoices + excluded.invoices, balance_cents = c.balance_cents + excluded.balance_cents;
  INSERT INTO receivable_customers AS c (customer_id, invoices, balance_cents)
  SELECT x.customer_id, sum(x.n), sum(x.cents)
  FROM jsonb_to_recordset(json_records(d, ARRAY['customer_id', 'n', 'cents'])) AS x(customer_id uuid, n bigint, cents bigint)
  GROUP BY 1
  HAVING sum(x.n) <> 0 OR sum(x.cents) <> 0
  ORDER BY 1
  ON CONFLICT (customer_id) DO UPDATE
    SET invoices = c.invoices + excluded.invoices, balance_cents = c.balance_cents + excluded.balance_cents;
$function$;

CREATE OR REPLACE FUNCTION order_counts_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO order_counts AS c (scope, scope_id, status, orders, spend_cents, reconciled)
  SELECT s.scope, s.scope_id, x.status, sum(x.n), sum(x.spend), sum(x.rec)
  FROM jsonb_to_recordset(json_records(d, ARRAY['owner_id', 'brand_id', 'channel_id', 'status', 'n', 'spend', 'rec'])) AS x(owner_id uuid, brand_id uuid, channel_id uuid, status text, n bigint, spend bigint, rec bigint)
  CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('owner', x.owner_id), ('brand', x.brand_id), ('channel', x.channel_id)) AS s(scope, scope_id)
  WHERE s.scope_id IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(x.n) <> 0 OR sum(x.spend) <> 0 OR sum(x.rec) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (scope, scope_id, status) DO UPDATE
    SET orders = c.orders + excluded.orders, spend_cents = c.spend_cents + excluded.spend_cents, reconciled = c.reconciled + excluded.reconciled
$function$;

CREATE OR REPLACE FUNCTION reconciliation_brand_days_add(d jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO reconciliation_brand_days AS c (day, brand_id, reconciliations, projected_spend_cents, actual_spend_cents)
  SELECT utc_day(x.reconciled_at), coalesce(x.brand_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(x.n), sum(x.projected), sum(x.actual)
  FROM jsonb_to_recordset(json_records(d, ARRAY['reconciled_at', 'brand_id', 'n', 'projected', 'actual'])) AS x(reconciled_at timestamptz, brand_id uuid, n bigint, projected bigint, actual bigint)
  GROUP BY 1, 2
  HAVING sum(x.n) <> 0 OR sum(x.projected) <> 0 OR sum(x.actual) <> 0
  ORDER BY 1, 2
  ON CONFLICT (day, brand_id) DO UPDATE
    SET reconciliations = c.reconciliations + excluded.reconciliations,
        projected_spend_cents = c.projected_spend_cents + excluded.projected_spend_cents,
        actual_spend_cents = c.actual_spend_cents + excluded.actual_spend_cents
$function$;

CREATE OR REPLACE FUNCTION rollups_add_reconciliations(recs jsonb, dir integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT rollups_stage(
    (SELECT jsonb_agg(jsonb_build_object('owner_id', e.owner_id, 'brand_id', e.brand_id, 'channel_id', e.channel_id, 'status', e.status, 'n', 0, 'spend', 0, 'rec', dir))
     FROM jsonb_to_recordset(json_records(recs, ARRAY['estimate_id'])) AS x(estimate_id uuid) JOIN estimates e ON e.id = x.estimate_id),
    (SELECT jsonb_agg(jsonb_build_object('reconciled_at', x.reconciled_at, 'brand_id', e.brand_id, 'n', dir, 'projected', dir * x.projected_spend_cents, 'actual', dir * x.actual_spend_cents))
     FROM jsonb_to_recordset(json_records(recs, ARRAY['estimate_id', 'reconciled_at', 'projected_spend_cents', 'actual_spend_cents'])) AS x(estimate_id uuid, reconciled_at timestamptz, projected_spend_cents bigint, actual_spend_cents bigint)
     JOIN estimates e ON e.id = x.estimate_id),
    NULL, NULL);
$function$;

CREATE OR REPLACE FUNCTION rollups_before_estimate_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r reconciliations%ROWTYPE;
BEGIN
  SELECT * INTO r FROM reconciliations WHERE estimate_id = OLD.id;
  PERFORM rollups_stage(
    jsonb_build_array(jsonb_build_object('owner_id', OLD.owner_id, 'brand_id', OLD.brand_id, 'channel_id', OLD.channel_id, 'status', OLD.status, 'n', -1, 'spend', -OLD.total_spend_cents, 'rec', CASE WHEN r.id IS NULL THEN 0 ELSE -1 END)),
    CASE WHEN r.id IS NOT NULL THEN jsonb_build_array(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', OLD.brand_id, 'n', -1, 'projected', -r.projected_spend_cents, 'actual', -r.actual_spend_cents)) END,
    NULL, NULL);
  RETURN OLD;
END
$function$;

CREATE OR REPLACE FUNCTION rollups_flush()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  staged jsonb[];
BEGIN
  WITH gone AS (DELETE FROM rollup_deltas WHERE xid = pg_current_xact_id() RETURNING d) SELECT array_agg(d) INTO staged FROM gone;
  IF staged IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM json_records(to_jsonb(staged), ARRAY['order_counts', 'reconciliation_brand_days', 'brand_hours', 'orders', 'campaign_counts', 'receivables']);
  PERFORM pg_advisory_xact_lock_shared(lock_id('rollup_writer'), 0);
  PERFORM daypart_orders_refresh(ARRAY(SELECT DISTINCT e::uuid FROM unnest(staged) AS s(d), jsonb_array_elements_text(s.d -> 'orders') AS e));
  PERFORM order_counts_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'order_counts') AS e));
  PERFORM reconciliation_brand_days_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'reconciliation_brand_days') AS e));
  PERFORM brand_hours_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'brand_hours') AS e));
  PERFORM status_hours_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'brand_hours') AS e));
  PERFORM campaign_counts_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'campaign_counts') AS e));
  PERFORM receivables_add((SELECT jsonb_agg(e) FROM unnest(staged) AS s(d), jsonb_array_elements(s.d -> 'receivables') AS e));
  RETURN NULL;
END
$function$;

-- A statement's campaigns: what it added less what it took off, per status and end date (only rows whose counted
-- columns changed: an airing moves impressions and spend), summed per key and staged for campaign_counts.
CREATE OR REPLACE FUNCTION rollups_on_campaigns()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(to_jsonb(g)) INTO changes FROM (
      SELECT status, coalesce(end_date, 'infinity'::date) AS end_date, count(*) AS n, sum(total_impressions) AS impressions, sum(spend_cents) AS spend, sum(total_budget_cents) AS budget
      FROM new_rows GROUP BY 1, 2) g;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(to_jsonb(g)) INTO changes FROM (
      SELECT status, end_date, sum(dir) AS n, sum(dir * total_impressions) AS impressions, sum(dir * spend_cents) AS spend, sum(dir * total_budget_cents) AS budget
      FROM ((SELECT id, status, coalesce(end_date, 'infinity'::date) AS end_date, total_impressions, spend_cents, total_budget_cents, 1 AS dir FROM new_rows
             EXCEPT ALL
             SELECT id, status, coalesce(end_date, 'infinity'::date), total_impressions, spend_cents, total_budget_cents, 1 FROM old_rows)
            UNION ALL
            (SELECT id, status, coalesce(end_date, 'infinity'::date), total_impressions, spend_cents, total_budget_cents, -1 FROM old_rows
             EXCEPT ALL
             SELECT id, status, coalesce(end_date, 'infinity'::date), total_impressions, spend_cents, total_budget_cents, -1 FROM new_rows)) c
      GROUP BY 1, 2) g;
  ELSE
    SELECT jsonb_agg(to_jsonb(g)) INTO changes FROM (
      SELECT status, coalesce(end_date, 'infinity'::date) AS end_date, -count(*) AS n, -sum(total_impressions) AS impressions, -sum(spend_cents) AS spend, -sum(total_budget_cents) AS budget
      FROM old_rows GROUP BY 1, 2) g;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM rollups_stage_ledgers(json_records(changes, ARRAY['status', 'end_date', 'n', 'impressions', 'spend', 'budget']), NULL);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION rollups_on_dayparts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.multiplier, o.base_cpm_cents, cardinality(o.days_of_week)) IS DISTINCT FROM (n.multiplier, n.base_cpm_cents, cardinality(n.days_of_week))
  ) THEN
    PERFORM daypart_hours_rebuild();
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION rollups_on_estimate_items()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION rollups_on_estimates()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  added jsonb;
  removed jsonb;
  signed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(to_jsonb(n)) INTO added FROM (SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM new_rows) n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(to_jsonb(c)) INTO added FROM (
      SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM new_rows
      EXCEPT ALL
      SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM old_rows) c;
    SELECT jsonb_agg(to_jsonb(c)) INTO removed FROM (
      SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM old_rows
      EXCEPT ALL
      SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM new_rows) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(to_jsonb(o)) INTO removed FROM (SELECT id, owner_id, brand_id, channel_id, status, total_spend_cents, total_amount_cents, submitted_at, created_at, start_date, end_date FROM old_rows) o;
  END IF;
  IF added IS NULL AND removed IS NULL THEN
    RETURN NULL;
  END IF;
  -- Each order once with its direction: +1 added, -1 taken off. A deleted order's counts were
  -- staged by its BEFORE ROW trigger (while its reconciliation still existed): only its hour's figures are here.
  SELECT jsonb_agg(j || jsonb_build_object('dir', d)) INTO signed
  FROM (SELECT j, 1 AS d FROM jsonb_array_elements(coalesce(added, '[]'::jsonb)) AS a(j)
        UNION ALL SELECT j, -1 FROM jsonb_array_elements(coalesce(removed, '[]'::jsonb)) AS r(j)) s;
  signed := json_records(signed, ARRAY['id', 'owner_id', 'brand_id', 'channel_id', 'status', 'total_spend_cents', 'total_amount_cents', 'submitted_at', 'created_at', 'dir']);
  PERFORM rollups_stage(
    (SELECT jsonb_agg(jsonb_build_object('owner_id', x.owner_id, 'brand_id', x.brand_id, 'channel_id', x.channel_id, 'status', x.status, 'n', x.dir, 'spend', x.dir * x.total_spend_cents,
      'rec', x.dir * (EXISTS (SELECT 1 FROM reconciliations r WHERE r.estimate_id = x.id))::int))
     FROM jsonb_to_recordset(json_records(signed, ARRAY['id', 'owner_id', 'brand_id', 'channel_id', 'status', 'total_spend_cents', 'dir'])) AS x(id uuid, owner_id uuid, brand_id uuid, channel_id uuid, status text, total_spend_cents bigint, dir int)
     WHERE x.dir > 0 OR TG_OP = 'UPDATE'),
    (SELECT jsonb_agg(jsonb_build_object('reconciled_at', r.reconciled_at, 'brand_id', x.brand_id, 'n', x.dir, 'projected', x.dir * r.projected_spend_cents, 'actual', x.dir * r.actual_spend_cents))
     FROM jsonb_to_recordset(json_records(signed, ARRAY['id', 'brand_id', 'dir'])) AS x(id uuid, brand_id uuid, dir int) JOIN reconciliations r ON r.estimate_id = x.id
     WHERE x.dir > 0 OR TG_OP = 'UPDATE'),
    (SELECT jsonb_agg(j || jsonb_build_object('n', (j ->> 'dir')::int, 'amount', (j ->> 'dir')::int * (j ->> 'total_amount_cents')::bigint)) FROM jsonb_array_elements(signed) AS e(j)),
    (SELECT jsonb_agg(DISTINCT j -> 'id') FROM jsonb_array_elements(signed) AS e(j)));
  RETURN NULL;
END
$function$;

-- A statement's invoices: the receivable balances it added less those it took off, per customer and due date
-- (only rows whose receivable changed: sent, paid, credited, refunded, voided, due date moved), staged for receivables_add.
CREATE OR REPLACE FUNCTION rollups_on_invoices()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(to_jsonb(c)) INTO changes FROM (
      SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents) AS cents, 1 AS dir FROM new_rows) c
    WHERE c.cents IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(to_jsonb(c)) INTO changes FROM (
      (SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents) AS cents, 1 AS dir FROM new_rows
       EXCEPT ALL
       SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents), 1 FROM old_rows)
      UNION ALL
      (SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents), -1 FROM old_rows
       EXCEPT ALL
       SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents), -1 FROM new_rows)) c
    WHERE c.cents IS NOT NULL;
  ELSE
    SELECT jsonb_agg(to_jsonb(c)) INTO changes FROM (
      SELECT customer_id, due_date, invoice_receivable_cents(status, total_cents, commission_cents, credited_cents, paid_cents, refunded_cents) AS cents, -1 AS dir FROM old_rows) c
    WHERE c.cents IS NOT NULL;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM rollups_stage_ledgers(
    NULL,
    (SELECT jsonb_agg(jsonb_build_object('customer_id', g.customer_id, 'due_date', g.due_date, 'n', g.n, 'cents', g.cents))
     FROM (SELECT x.customer_id, x.due_date, sum(x.dir) AS n, sum(x.dir * x.cents) AS cents
           FROM jsonb_to_recordset(json_records(changes, ARRAY['customer_id', 'due_date', 'cents', 'dir'])) AS x(customer_id uuid, due_date date, cents bigint, dir int)
           GROUP BY 1, 2) g));
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION rollups_on_reconciliations()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM rollups_add_reconciliations((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM rollups_add_reconciliations((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n), 1);
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION rollups_stage(order_counts jsonb, reconciliation_brand_days jsonb, brand_hours jsonb, orders jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO rollup_deltas (d)
  SELECT jsonb_build_object('order_counts', coalesce(order_counts, '[]'), 'reconciliation_brand_days', coalesce(reconciliation_brand_days, '[]'),
    'brand_hours', coalesce(brand_hours, '[]'), 'orders', coalesce(orders, '[]'), 'campaign_counts', '[]'::jsonb, 'receivables', '[]'::jsonb)
  WHERE order_counts IS NOT NULL OR reconciliation_brand_days IS NOT NULL OR brand_hours IS NOT NULL OR orders IS NOT NULL
$function$;

-- The campaigns' and invoices' deltas (issue 28), staged like the orders' (the same keys, so that rollups_flush reads every record alike).
CREATE OR REPLACE FUNCTION rollups_stage_ledgers(campaign_counts jsonb, receivables jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO rollup_deltas (d)
  SELECT jsonb_build_object('order_counts', '[]'::jsonb, 'reconciliation_brand_days', '[]'::jsonb, 'brand_hours', '[]'::jsonb, 'orders', '[]'::jsonb,
    'campaign_counts', coalesce(campaign_counts, '[]'), 'receivables', coalesce(receivables, '[]'))
  WHERE campaign_counts IS NOT NULL OR receivables IS NOT NULL
$function$;

CREATE OR REPLACE TRIGGER rollups_campaigns_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_campaigns();
CREATE OR REPLACE TRIGGER rollups_campaigns_insert AFTER INSERT ON campaigns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_campaigns();
CREATE OR REPLACE TRIGGER rollups_campaigns_update AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_campaigns();
CREATE OR REPLACE TRIGGER rollups_dayparts_update AFTER UPDATE ON dayparts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_dayparts();
CREATE OR REPLACE TRIGGER rollups_estimate_items_delete AFTER DELETE ON estimate_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
CREATE OR REPLACE TRIGGER rollups_estimate_items_insert AFTER INSERT ON estimate_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
CREATE OR REPLACE TRIGGER rollups_estimate_items_update AFTER UPDATE ON estimate_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimate_items();
CREATE OR REPLACE TRIGGER rollups_estimates_before_delete BEFORE DELETE ON estimates FOR EACH ROW EXECUTE FUNCTION rollups_before_estimate_delete();
CREATE OR REPLACE TRIGGER rollups_estimates_delete AFTER DELETE ON estimates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
CREATE OR REPLACE TRIGGER rollups_estimates_insert AFTER INSERT ON estimates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
CREATE OR REPLACE TRIGGER rollups_estimates_update AFTER UPDATE ON estimates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_estimates();
CREATE OR REPLACE TRIGGER rollups_invoices_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_invoices();
CREATE OR REPLACE TRIGGER rollups_invoices_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_invoices();
CREATE OR REPLACE TRIGGER rollups_invoices_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_invoices();
CREATE OR REPLACE TRIGGER rollups_reconciliations_delete AFTER DELETE ON reconciliations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
CREATE OR REPLACE TRIGGER rollups_reconciliations_insert AFTER INSERT ON reconciliations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
CREATE OR REPLACE TRIGGER rollups_reconciliations_update AFTER UPDATE ON reconciliations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollups_on_reconciliations();
DROP TRIGGER IF EXISTS rollups_flush ON rollup_deltas;
CREATE CONSTRAINT TRIGGER rollups_flush AFTER INSERT ON rollup_deltas DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollups_flush();
