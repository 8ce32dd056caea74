-- What the orders module publishes for other modules' SQL to join (issue 22, decision 042). The orders
-- module owns estimates and estimate_items and is their only writer; another module that must JOIN an
-- order (analytics, billing lists, traffic, as-run matching, reconciliation) reads these views, never the
-- tables. They are simple views (one table, no expression), so PostgreSQL inlines them and the tables'
-- indexes serve as before. Each names its columns: a new column of the table is not published until it is
-- added here. Writes through them are refused (orders_refuse_write): they go through the module's functions.

CREATE OR REPLACE VIEW orders AS
 SELECT e.id,
    e.owner_id,
    e.brand_id,
    e.estimate_name,
    e.status,
    e.start_date,
    e.end_date,
    e.total_spend_cents,
    e.total_estimated_cost_cents,
    e.discount_cents,
    e.total_amount_cents,
    e.coupon_id,
    e.coupon_code,
    e.media_asset_id,
    e.payment_method_id,
    e.notes,
    e.billing_mode,
    e.agency_estimate_number,
    e.client_code,
    e.product_code,
    e.po_number,
    e.source,
    e.source_name,
    e.submitted_at,
    e.reviewed_at,
    e.created_at,
    e.updated_at,
    e.channel_id,
    e.target_demo,
    e.guarantee_demo,
    e.guarantee_impressions,
    e.guarantee_grps
   FROM estimates e;

CREATE OR REPLACE VIEW order_items AS
 SELECT i.id,
    i.estimate_id,
    i.daypart_id,
    i.spots_per_occurrence,
    i.user_defined_cpm_cents,
    i.booked_cpm_cents,
    i.booked_multiplier,
    i.created_at,
    i.updated_at
   FROM estimate_items i;

-- An order's weekly schedule and its lines (issue 42, decision 056): availability counts a booked schedule's
-- spots day by day, and the traffic log places them.
CREATE OR REPLACE VIEW order_schedules AS
 SELECT s.id,
    s.estimate_id,
    s.week_start_day,
    s.start_date,
    s.end_date,
    s.demos,
    s.proposal_id,
    s.proposal_version,
    s.created_at,
    s.updated_at
   FROM estimate_schedules s;

CREATE OR REPLACE VIEW order_schedule_lines AS
 SELECT l.id,
    l.estimate_id,
    l.position,
    l.name,
    l.daypart_id,
    l.unmapped_reason,
    l.days,
    l.start_time,
    l.end_time,
    l.spot_length,
    l.rate_cents,
    l.spots_per_week,
    l.demo_values,
    l.program_id,
    l.created_at,
    l.updated_at
   FROM estimate_schedule_lines l;

-- A simple view is updatable in PostgreSQL; these are not: an insert, update or delete through one is an
-- error naming the view, so raw SQL cannot write an order past the orders module either.
CREATE OR REPLACE FUNCTION orders_refuse_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is read-only: orders are written by the orders module''s functions', TG_TABLE_NAME;
END
$function$;

CREATE OR REPLACE TRIGGER orders_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_refuse_write();
CREATE OR REPLACE TRIGGER order_items_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION orders_refuse_write();
CREATE OR REPLACE TRIGGER order_schedules_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON order_schedules FOR EACH ROW EXECUTE FUNCTION orders_refuse_write();
CREATE OR REPLACE TRIGGER order_schedule_lines_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON order_schedule_lines FOR EACH ROW EXECUTE FUNCTION orders_refuse_write();
