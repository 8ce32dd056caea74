-- What brands, users, media and payment methods publish for another module's SQL to join (issue 39, decision
-- 054): the orders list shows and searches each order's owner, brand, commercial and card in the one
-- statement that picks its page, which batch reads by id cannot do without reading whole tables. Like the
-- orders module's views (orders.sql), each is a simple view of one table with its columns named, so that
-- PostgreSQL inlines it and the table's indexes serve as before; writes through them are refused: the owner
-- module writes its table.

CREATE OR REPLACE VIEW user_names AS
 SELECT u.id,
    u.first_name,
    u.last_name,
    u.email
   FROM users u;

CREATE OR REPLACE VIEW brand_names AS
 SELECT b.id,
    b.owner_id,
    b.common_name,
    b.product_category
   FROM brands b;

CREATE OR REPLACE VIEW media_names AS
 SELECT m.id,
    m.brand_id,
    m.filename,
    m.ad_id,
    m.title,
    m.duration_seconds,
    m.house_number
   FROM media_assets m;

CREATE OR REPLACE VIEW card_labels AS
 SELECT p.id,
    p.owner_id,
    p.last4,
    p.card_brand
   FROM payment_methods p;

-- What dayparts, campaigns, makegoods and traffic publish for the log's placement and the desk's reports
-- (traffic joins an order's campaign, commercial and daypart in the query that reads its bookings; makegoods
-- read a missed spot's time and whether an offer's spot aired, and a log day's export).

CREATE OR REPLACE VIEW daypart_windows AS
 SELECT d.id,
    d.channel_id,
    d.name,
    d.start_time,
    d.end_time,
    d.days_of_week,
    d.spot_frequency
   FROM dayparts d;

CREATE OR REPLACE VIEW campaign_states AS
 SELECT c.id,
    c.estimate_id,
    c.status,
    c.total_budget_cents,
    c.spend_cents,
    c.total_spots,
    c.aired_spots
   FROM campaigns c;

CREATE OR REPLACE VIEW makegood_bookings AS
 SELECT o.id,
    o.estimate_id,
    o.kind,
    o.status,
    o.missed_spot_id,
    o.air_date,
    o.daypart_id,
    o.estimate_item_id,
    o.schedule_line_id,
    o.updated_at
   FROM makegood_offers o;

CREATE OR REPLACE VIEW log_spots AS
 SELECT s.id,
    s.estimate_id,
    s.channel_id,
    s.air_date,
    s.scheduled_at,
    s.house_code,
    s.status,
    s.daypart_id,
    s.estimate_item_id,
    s.schedule_line_id,
    s.makegood_offer_id,
    s.as_run_import_id
   FROM traffic_spots s;

CREATE OR REPLACE VIEW log_days AS
 SELECT d.channel_id,
    d.air_date,
    d.exported_at
   FROM traffic_days d;

CREATE OR REPLACE FUNCTION published_view_refuse_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is read-only: its table is written by the module that owns it', TG_TABLE_NAME;
END
$function$;

CREATE OR REPLACE TRIGGER user_names_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON user_names FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER brand_names_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON brand_names FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER media_names_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON media_names FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER card_labels_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON card_labels FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER daypart_windows_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON daypart_windows FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER campaign_states_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON campaign_states FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER makegood_bookings_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON makegood_bookings FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER log_spots_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON log_spots FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
CREATE OR REPLACE TRIGGER log_days_read_only INSTEAD OF INSERT OR UPDATE OR DELETE ON log_days FOR EACH ROW EXECUTE FUNCTION published_view_refuse_write();
