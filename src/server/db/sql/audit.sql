-- The audit trail as it is today (decisions 012, 039 and 047; history: migrations 0012, 0020, 0023, 0042).
-- Applied by a migration, so idempotent: CREATE OR REPLACE throughout. Statement triggers on the business
-- tables write audit_events, whose own triggers keep it append-only. A trigger's arguments: the entity,
-- the column holding the order's id ('' for none), and the watched columns of an update ('' for all).
-- The tables left out, and why: test/api/audit-catalogue.test.ts.

CREATE OR REPLACE FUNCTION audit_actor()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(nullif(current_setting('spotbook.actor', true), '')::jsonb, '{"role":"system"}'::jsonb)
$function$;

-- The columns the trail never records: a secret, and bookkeeping that changes on every write.
CREATE OR REPLACE FUNCTION audit_hidden_columns()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT ARRAY['password_hash', 'updated_at', 'processing_progress', 'processing_message', 'issued_parties']
$function$;

-- A logo (a data URL of up to megabytes) is recorded by its hash.
CREATE OR REPLACE FUNCTION audit_logo(logo text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT 'sha256:' || encode(sha256(convert_to(logo, 'UTF8')), 'hex')
$function$;

CREATE OR REPLACE FUNCTION audit_row(j jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE
    WHEN jsonb_typeof(j -> 'logo') = 'string' THEN jsonb_set(j - audit_hidden_columns(), '{logo}', to_jsonb(audit_logo(j ->> 'logo')))
    ELSE j - audit_hidden_columns()
  END
$function$;

-- A row's key in the trail: its id, or for a table keyed by its order (adcp_media_buys) the order's id.
CREATE OR REPLACE FUNCTION audit_key(j jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT coalesce(j ->> 'id', j ->> 'estimate_id')
$function$;

CREATE OR REPLACE FUNCTION audit_order_of(tbl text, order_column text, j jsonb)
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE
    WHEN order_column <> '' THEN (j ->> order_column)::uuid
    WHEN tbl = 'invoice_payments' THEN (SELECT i.estimate_id FROM invoices i WHERE i.id = (j ->> 'invoice_id')::uuid)
  END
$function$;

-- The columns an audit trigger names in its arguments (the order column, the watched columns) exist on
-- its table, else an error naming them: a renamed column stops the writes, loudly, instead of silently
-- leaving the trail (test/api/audit-catalogue.test.ts checks the same ahead of time).
CREATE OR REPLACE FUNCTION audit_named_columns(tbl oid, trigger_name text, names text[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  missing text;
BEGIN
  SELECT string_agg(c, ', ') INTO missing FROM unnest(names) AS u(c)
  WHERE c <> '' AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = tbl AND a.attname = c AND a.attnum > 0 AND NOT a.attisdropped);
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'audit trigger % names no column %', trigger_name, missing;
  END IF;
END
$function$;

CREATE OR REPLACE FUNCTION audit_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  actor jsonb := audit_actor();
BEGIN
  PERFORM audit_named_columns(TG_RELID, TG_NAME, ARRAY[TG_ARGV[1]]);
  INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
  SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role', 'create', TG_ARGV[0], n.j ->> 'id',
         audit_order_of(TG_TABLE_NAME, TG_ARGV[1], n.j), NULL, n.j, actor ->> 'request_id'
  FROM (SELECT audit_row(to_jsonb(r)) AS j FROM new_rows r) n;
  RETURN NULL;
END
$function$;

-- From how many rows an update's audit takes the written-SQL way (audit_update). A setting, so that a
-- test can hold both ways to the same events on a few rows (spotbook.audit_bulk_rows); 50 otherwise:
-- on this machine the written SQL costs about 1.2 ms more to plan and saves about 60 µs a row.
CREATE OR REPLACE FUNCTION audit_bulk_rows()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(nullif(current_setting('spotbook.audit_bulk_rows', true), '')::integer, 50)
$function$;

-- An update's rows, old and new, joined by key; for each, the audited columns (the watched ones, else
-- every column but audit_hidden_columns()) that changed, before and after. Two ways to the same events:
-- - a few rows (an API call's): each row made JSON (audit_row) and compared key by key, in a statement
--   planned once per connection;
-- - many rows (an as-run import's thousands of spots): SQL written for the table compares the columns
--   natively and makes JSON only of those that changed. Making each whole row JSON twice cost more than
--   the update itself there, and planning the written SQL costs more than it saves on a few rows
--   (decision 047). test/api/audit-bulk.test.ts holds the two to the same events.
CREATE OR REPLACE FUNCTION audit_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit = off
AS $function$
DECLARE
  actor jsonb := audit_actor();
  watched text[] := CASE WHEN TG_ARGV[2] = '' THEN NULL ELSE string_to_array(TG_ARGV[2], ',') END;
  bulk_rows integer := audit_bulk_rows();
  compared text[];
  key_column text;
  changed text;
  before text;
  after text;
BEGIN
  PERFORM audit_named_columns(TG_RELID, TG_NAME, TG_ARGV[1] || coalesce(watched, '{}'));
  -- An as-run import's statements (decision 055): the import sets spotbook.audit_source to 'as-run:<its id>'
  -- around its updates of spots and lists each change in as_run_changes, which the trail (audit_trail) reads
  -- as the spots' events. Skipped only when every row the statement changed carries that import's id;
  -- otherwise every row is recorded here as usual.
  IF TG_TABLE_NAME = 'traffic_spots' AND current_setting('spotbook.audit_source', true) LIKE 'as-run:%' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n
      WHERE n.as_run_import_id IS DISTINCT FROM substr(current_setting('spotbook.audit_source', true), 8)::uuid
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF (SELECT count(*) FROM (SELECT FROM new_rows LIMIT bulk_rows) AS first_rows) < bulk_rows THEN
    -- Each row's JSON is made once (MATERIALIZED: inlined, it was remade for every key compared), and
    -- without JIT: compiling this statement cost more than running it for a batch of a few thousand rows.
    INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
    WITH n AS MATERIALIZED (SELECT audit_row(to_jsonb(r)) AS j FROM new_rows r),
         o AS MATERIALIZED (SELECT audit_row(to_jsonb(r)) AS j FROM old_rows r)
    SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role',
           CASE WHEN d.after ? 'status' THEN 'status_change' WHEN d.after ? 'role' THEN 'role_change' ELSE 'update' END,
           TG_ARGV[0], audit_key(n.j), audit_order_of(TG_TABLE_NAME, TG_ARGV[1], n.j), d.before, d.after, actor ->> 'request_id'
    FROM n
    JOIN o ON audit_key(o.j) = audit_key(n.j)
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(k, o.j -> k) AS before, jsonb_object_agg(k, n.j -> k) AS after
      FROM jsonb_object_keys(n.j) AS k
      WHERE (o.j -> k) IS DISTINCT FROM (n.j -> k) AND (watched IS NULL OR k = ANY (watched))
    ) d
    WHERE d.after IS NOT NULL;
    RETURN NULL;
  END IF;
  compared := coalesce(watched, ARRAY(
    SELECT a.attname::text FROM pg_attribute a
    WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> ALL (audit_hidden_columns())
    ORDER BY a.attnum));
  key_column := CASE WHEN EXISTS (
      SELECT 1 FROM pg_attribute a WHERE a.attrelid = TG_RELID AND a.attname = 'id' AND a.attnum > 0 AND NOT a.attisdropped)
    THEN 'id' ELSE 'estimate_id' END;
  SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR '),
         string_agg(format('CASE WHEN o.%1$I IS DISTINCT FROM n.%1$I THEN jsonb_build_object(%2$L, %3$s) ELSE ''{}''::jsonb END', c, c,
           CASE WHEN c = 'logo' THEN format('audit_logo(o.%I)', c) ELSE format('o.%I', c) END), ' || '),
         string_agg(format('CASE WHEN o.%1$I IS DISTINCT FROM n.%1$I THEN jsonb_build_object(%2$L, %3$s) ELSE ''{}''::jsonb END', c, c,
           CASE WHEN c = 'logo' THEN format('audit_logo(n.%I)', c) ELSE format('n.%I', c) END), ' || ')
    INTO changed, before, after
  FROM unnest(compared) AS c;
  EXECUTE format($sql$
    INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
    SELECT ($1 ->> 'id')::uuid, $1 ->> 'email', $1 ->> 'role',
           CASE WHEN d.after ? 'status' THEN 'status_change' WHEN d.after ? 'role' THEN 'role_change' ELSE 'update' END,
           $2, d.key, d.order_id, d.before, d.after, $1 ->> 'request_id'
    FROM (SELECT n.%1$I::text AS key, %2$s AS order_id, %3$s AS before, %4$s AS after
          FROM new_rows n JOIN old_rows o ON o.%1$I = n.%1$I
          WHERE %5$s) d$sql$,
    key_column,
    CASE WHEN TG_ARGV[1] <> '' THEN format('n.%I::uuid', TG_ARGV[1]) ELSE format('audit_order_of(%L, %L, to_jsonb(n))', TG_TABLE_NAME, TG_ARGV[1]) END,
    before, after, changed)
  USING actor, TG_ARGV[0];
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION audit_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  actor jsonb := audit_actor();
BEGIN
  PERFORM audit_named_columns(TG_RELID, TG_NAME, ARRAY[TG_ARGV[1]]);
  INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
  SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role', 'delete', TG_ARGV[0], o.j ->> 'id',
         audit_order_of(TG_TABLE_NAME, TG_ARGV[1], o.j), o.j, NULL, actor ->> 'request_id'
  FROM (SELECT audit_row(to_jsonb(r)) AS j FROM old_rows r) o;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION audit_events_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE FUNCTION audit_events_api_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.api_key_id := nullif(audit_actor() ->> 'api_key_id', '')::uuid;
  RETURN NEW;
END
$function$;

-- The audit trail as it is read (decision 055): the events the triggers wrote, and each spot an as-run
-- import changed (its as_run_changes row), with the import's actor and time, the status before and after
-- and which import. One id space (as_run_changes.audit_id is drawn from audit_events' sequence), so one
-- keyset pages both; each branch has the indexes its filters use.
CREATE OR REPLACE VIEW audit_trail AS
  SELECT e.id, e.occurred_at, e.actor_id, e.actor_email, e.actor_role, e.action, e.entity, e.entity_id, e.order_id,
         e.before, e.after, e.request_id, e.api_key_id
  FROM audit_events e
  UNION ALL
  SELECT c.audit_id, i.created_at, (i.actor ->> 'id')::uuid, i.actor ->> 'email', coalesce(i.actor ->> 'role', 'system'),
         CASE WHEN c.previous_status IS DISTINCT FROM (CASE c.outcome WHEN 'aired' THEN 'aired' ELSE 'missed' END)
           THEN 'status_change' ELSE 'update' END,
         'spot', c.spot_key, c.order_id,
         jsonb_build_object('status', c.previous_status),
         jsonb_build_object('status', CASE c.outcome WHEN 'aired' THEN 'aired' ELSE 'missed' END, 'as_run_import_id', c.import_id,
           'as_run_outcome', c.outcome, 'as_run_line', c.line),
         i.actor ->> 'request_id', nullif(i.actor ->> 'api_key_id', '')::uuid
  FROM as_run_changes c
  JOIN as_run_imports i ON i.id = c.import_id
  WHERE c.audit_id IS NOT NULL;

-- An as-run change that is an audit event is kept as audit_events are: never updated or deleted.
CREATE OR REPLACE FUNCTION as_run_changes_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.audit_id IS NOT NULL THEN
    RAISE EXCEPTION 'as_run_changes is append-only: it holds audit events' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$function$;

CREATE OR REPLACE TRIGGER as_run_changes_no_update BEFORE DELETE OR UPDATE ON as_run_changes FOR EACH ROW EXECUTE FUNCTION as_run_changes_append_only();
CREATE OR REPLACE TRIGGER adcp_media_buys_audit_update AFTER UPDATE ON adcp_media_buys REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('adcp_buy', 'estimate_id', 'pending_change');
CREATE OR REPLACE TRIGGER adcp_tasks_audit_update AFTER UPDATE ON adcp_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('adcp_task', 'estimate_id', 'status,note');
CREATE OR REPLACE TRIGGER audit_events_api_key BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_api_key();
CREATE OR REPLACE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
CREATE OR REPLACE TRIGGER audit_events_no_update BEFORE DELETE OR UPDATE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE OR REPLACE TRIGGER campaigns_audit_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('campaign', 'estimate_id', '');
CREATE OR REPLACE TRIGGER campaigns_audit_insert AFTER INSERT ON campaigns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('campaign', 'estimate_id', '');
CREATE OR REPLACE TRIGGER campaigns_audit_update AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('campaign', 'estimate_id', '');
CREATE OR REPLACE TRIGGER coupons_audit_delete AFTER DELETE ON coupons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('coupon', '', '');
CREATE OR REPLACE TRIGGER coupons_audit_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('coupon', '', '');
CREATE OR REPLACE TRIGGER coupons_audit_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('coupon', '', '');
CREATE OR REPLACE TRIGGER credit_notes_audit_insert AFTER INSERT ON credit_notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('credit_note', 'estimate_id', '');
CREATE OR REPLACE TRIGGER credit_notes_audit_update AFTER UPDATE ON credit_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('credit_note', 'estimate_id', '');
CREATE OR REPLACE TRIGGER dayparts_audit_delete AFTER DELETE ON dayparts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('rate_card', '', '');
CREATE OR REPLACE TRIGGER dayparts_audit_insert AFTER INSERT ON dayparts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('rate_card', '', '');
CREATE OR REPLACE TRIGGER dayparts_audit_update AFTER UPDATE ON dayparts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('rate_card', '', '');
CREATE OR REPLACE TRIGGER estimate_items_audit_delete AFTER DELETE ON estimate_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('item', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_items_audit_insert AFTER INSERT ON estimate_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('item', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_items_audit_update AFTER UPDATE ON estimate_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('item', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedule_lines_audit_delete AFTER DELETE ON estimate_schedule_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedule_lines_audit_insert AFTER INSERT ON estimate_schedule_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedule_lines_audit_update AFTER UPDATE ON estimate_schedule_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedule_revisions_audit_update AFTER UPDATE ON estimate_schedule_revisions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('schedule_revision', 'estimate_id', 'status,notes');
CREATE OR REPLACE TRIGGER estimate_schedules_audit_delete AFTER DELETE ON estimate_schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedules_audit_insert AFTER INSERT ON estimate_schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimate_schedules_audit_update AFTER UPDATE ON estimate_schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('schedule', 'estimate_id', '');
CREATE OR REPLACE TRIGGER estimates_audit_delete AFTER DELETE ON estimates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('order', 'id', '');
CREATE OR REPLACE TRIGGER estimates_audit_insert AFTER INSERT ON estimates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('order', 'id', '');
CREATE OR REPLACE TRIGGER estimates_audit_update AFTER UPDATE ON estimates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('order', 'id', '');
CREATE OR REPLACE TRIGGER invoice_payments_audit_delete AFTER DELETE ON invoice_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('payment', '', '');
CREATE OR REPLACE TRIGGER invoice_payments_audit_insert AFTER INSERT ON invoice_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('payment', '', '');
CREATE OR REPLACE TRIGGER invoice_payments_audit_update AFTER UPDATE ON invoice_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('payment', '', '');
CREATE OR REPLACE TRIGGER invoices_audit_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('invoice', 'estimate_id', '');
CREATE OR REPLACE TRIGGER invoices_audit_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('invoice', 'estimate_id', '');
CREATE OR REPLACE TRIGGER invoices_audit_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('invoice', 'estimate_id', '');
CREATE OR REPLACE TRIGGER makegood_offers_audit_insert AFTER INSERT ON makegood_offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('makegood', 'estimate_id', '');
CREATE OR REPLACE TRIGGER makegood_offers_audit_update AFTER UPDATE ON makegood_offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('makegood', 'estimate_id', 'status,air_date,credit_cents');
CREATE OR REPLACE TRIGGER media_assets_audit_delete AFTER DELETE ON media_assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('media', 'estimate_id', '');
CREATE OR REPLACE TRIGGER media_assets_audit_insert AFTER INSERT ON media_assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('media', 'estimate_id', '');
CREATE OR REPLACE TRIGGER media_assets_audit_update AFTER UPDATE ON media_assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('media', 'estimate_id', 'status');
CREATE OR REPLACE TRIGGER reconciliations_audit_insert AFTER INSERT ON reconciliations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('reconciliation', 'estimate_id', '');
CREATE OR REPLACE TRIGGER reconciliations_audit_update AFTER UPDATE ON reconciliations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('reconciliation', 'estimate_id', '');
CREATE OR REPLACE TRIGGER books_audit_delete AFTER DELETE ON books REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('book', '', '');
CREATE OR REPLACE TRIGGER books_audit_insert AFTER INSERT ON books REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('book', '', '');
CREATE OR REPLACE TRIGGER books_audit_update AFTER UPDATE ON books REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('book', '', '');
CREATE OR REPLACE TRIGGER channels_audit_delete AFTER DELETE ON channels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('channel', '', '');
CREATE OR REPLACE TRIGGER channels_audit_insert AFTER INSERT ON channels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('channel', '', '');
CREATE OR REPLACE TRIGGER channels_audit_update AFTER UPDATE ON channels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('channel', '', '');
CREATE OR REPLACE TRIGGER channel_programs_audit_delete AFTER DELETE ON channel_programs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('program', '', '');
CREATE OR REPLACE TRIGGER channel_programs_audit_insert AFTER INSERT ON channel_programs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('program', '', '');
CREATE OR REPLACE TRIGGER channel_programs_audit_update AFTER UPDATE ON channel_programs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('program', '', '');
CREATE OR REPLACE TRIGGER station_profile_audit_insert AFTER INSERT ON station_profile REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('station', '', '');
CREATE OR REPLACE TRIGGER station_profile_audit_update AFTER UPDATE ON station_profile REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('station', '', '');
CREATE OR REPLACE TRIGGER traffic_spots_audit_update AFTER UPDATE ON traffic_spots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('spot', 'estimate_id', 'status,invoice_id,desk_action,desk_reason');
CREATE OR REPLACE TRIGGER users_audit_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('user', '', '');
CREATE OR REPLACE TRIGGER users_audit_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('user', '', '');
CREATE OR REPLACE TRIGGER users_audit_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('user', '', 'role,agency_commission_rate');
