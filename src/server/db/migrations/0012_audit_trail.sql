-- The audit trail (decision 012). Statement-level triggers with transition tables write one
-- audit_events row per changed row, set-based, in the writing transaction. The actor comes from the
-- transaction-local setting spotbook.actor ({"id","email","role","request_id"}) that the app sets
-- at the start of each transaction of a request; without it the actor is the system (the clock, jobs).
--
-- Trigger arguments: 0 the entity name; 1 the column naming the row's order ('' for none);
-- 2 the columns whose change is recorded on update ('' for all).

CREATE FUNCTION audit_actor() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('spotbook.actor', true), '')::jsonb, '{"role":"system"}'::jsonb)
$$;
--> statement-breakpoint
-- Fields never copied into the trail: secrets and bookkeeping that changes on every write.
CREATE FUNCTION audit_row(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT j - ARRAY['password_hash', 'updated_at', 'processing_progress', 'processing_message']
$$;
--> statement-breakpoint
CREATE FUNCTION audit_order_of(tbl text, order_column text, j jsonb) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN order_column <> '' THEN (j ->> order_column)::uuid
    WHEN tbl = 'invoice_payments' THEN (SELECT i.estimate_id FROM invoices i WHERE i.id = (j ->> 'invoice_id')::uuid)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := audit_actor();
BEGIN
  INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
  SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role', 'create', TG_ARGV[0], n.j ->> 'id',
         audit_order_of(TG_TABLE_NAME, TG_ARGV[1], n.j), NULL, n.j, actor ->> 'request_id'
  FROM (SELECT audit_row(to_jsonb(r)) AS j FROM new_rows r) n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := audit_actor();
BEGIN
  INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
  SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role', 'delete', TG_ARGV[0], o.j ->> 'id',
         audit_order_of(TG_TABLE_NAME, TG_ARGV[1], o.j), o.j, NULL, actor ->> 'request_id'
  FROM (SELECT audit_row(to_jsonb(r)) AS j FROM old_rows r) o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := audit_actor();
  watched text[] := CASE WHEN TG_ARGV[2] = '' THEN NULL ELSE string_to_array(TG_ARGV[2], ',') END;
BEGIN
  INSERT INTO audit_events (actor_id, actor_email, actor_role, action, entity, entity_id, order_id, before, after, request_id)
  SELECT (actor ->> 'id')::uuid, actor ->> 'email', actor ->> 'role',
         CASE WHEN d.after ? 'status' THEN 'status_change' WHEN d.after ? 'role' THEN 'role_change' ELSE 'update' END,
         TG_ARGV[0], n.j ->> 'id', audit_order_of(TG_TABLE_NAME, TG_ARGV[1], n.j), d.before, d.after, actor ->> 'request_id'
  FROM (SELECT audit_row(to_jsonb(r)) AS j FROM new_rows r) n
  JOIN (SELECT audit_row(to_jsonb(r)) AS j FROM old_rows r) o ON o.j ->> 'id' = n.j ->> 'id'
  CROSS JOIN LATERAL (
    SELECT jsonb_object_agg(k, o.j -> k) AS before, jsonb_object_agg(k, n.j -> k) AS after
    FROM jsonb_object_keys(n.j) AS k
    WHERE (o.j -> k) IS DISTINCT FROM (n.j -> k) AND (watched IS NULL OR k = ANY (watched))
  ) d
  WHERE d.after IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER estimates_audit_insert AFTER INSERT ON estimates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('order', 'id', '');
--> statement-breakpoint
CREATE TRIGGER estimates_audit_update AFTER UPDATE ON estimates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('order', 'id', '');
--> statement-breakpoint
CREATE TRIGGER estimates_audit_delete AFTER DELETE ON estimates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('order', 'id', '');
--> statement-breakpoint
CREATE TRIGGER estimate_items_audit_insert AFTER INSERT ON estimate_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('item', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER estimate_items_audit_update AFTER UPDATE ON estimate_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('item', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER estimate_items_audit_delete AFTER DELETE ON estimate_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('item', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER campaigns_audit_insert AFTER INSERT ON campaigns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('campaign', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER campaigns_audit_update AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('campaign', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER campaigns_audit_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('campaign', 'estimate_id', '');
--> statement-breakpoint
-- Spots: placing and re-placing the log is bookkeeping; what is recorded is a spot's state (aired, missed, made good, cancelled) and its billing.
CREATE TRIGGER traffic_spots_audit_update AFTER UPDATE ON traffic_spots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('spot', 'estimate_id', 'status,invoice_id');
--> statement-breakpoint
CREATE TRIGGER media_assets_audit_insert AFTER INSERT ON media_assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('media', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER media_assets_audit_update AFTER UPDATE ON media_assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('media', 'estimate_id', 'status');
--> statement-breakpoint
CREATE TRIGGER media_assets_audit_delete AFTER DELETE ON media_assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('media', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER coupons_audit_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('coupon', '', '');
--> statement-breakpoint
CREATE TRIGGER coupons_audit_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('coupon', '', '');
--> statement-breakpoint
CREATE TRIGGER coupons_audit_delete AFTER DELETE ON coupons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('coupon', '', '');
--> statement-breakpoint
CREATE TRIGGER invoices_audit_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('invoice', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER invoices_audit_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('invoice', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER invoices_audit_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('invoice', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER invoice_payments_audit_insert AFTER INSERT ON invoice_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('payment', '', '');
--> statement-breakpoint
CREATE TRIGGER invoice_payments_audit_update AFTER UPDATE ON invoice_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('payment', '', '');
--> statement-breakpoint
CREATE TRIGGER invoice_payments_audit_delete AFTER DELETE ON invoice_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('payment', '', '');
--> statement-breakpoint
CREATE TRIGGER credit_notes_audit_insert AFTER INSERT ON credit_notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('credit_note', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER credit_notes_audit_update AFTER UPDATE ON credit_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('credit_note', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER users_audit_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('user', '', '');
--> statement-breakpoint
CREATE TRIGGER users_audit_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('user', '', 'role,agency_commission_rate');
--> statement-breakpoint
CREATE TRIGGER users_audit_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('user', '', '');
--> statement-breakpoint
CREATE TRIGGER dayparts_audit_insert AFTER INSERT ON dayparts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('rate_card', '', '');
--> statement-breakpoint
CREATE TRIGGER dayparts_audit_update AFTER UPDATE ON dayparts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('rate_card', '', '');
--> statement-breakpoint
CREATE TRIGGER dayparts_audit_delete AFTER DELETE ON dayparts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_delete('rate_card', '', '');
--> statement-breakpoint
CREATE TRIGGER makegood_offers_audit_insert AFTER INSERT ON makegood_offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('makegood', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER makegood_offers_audit_update AFTER UPDATE ON makegood_offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('makegood', 'estimate_id', 'status,air_date,credit_cents');
--> statement-breakpoint
CREATE TRIGGER reconciliations_audit_insert AFTER INSERT ON reconciliations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('reconciliation', 'estimate_id', '');
--> statement-breakpoint
CREATE TRIGGER reconciliations_audit_update AFTER UPDATE ON reconciliations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('reconciliation', 'estimate_id', '');
