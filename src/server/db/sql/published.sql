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
    b.common_name
   FROM brands b;

CREATE OR REPLACE VIEW media_names AS
 SELECT m.id,
    m.brand_id,
    m.filename
   FROM media_assets m;

CREATE OR REPLACE VIEW card_labels AS
 SELECT p.id,
    p.owner_id,
    p.last4,
    p.card_brand
   FROM payment_methods p;

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
