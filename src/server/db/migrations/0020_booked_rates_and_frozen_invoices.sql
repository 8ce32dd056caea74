-- Booked rates (issue 30, finding 3; decision 029): the CPM and multiplier an order line was booked at,
-- stamped when its order is booked and read by billing, delivered spend and makegood credits, so that
-- a rate-card change after booking changes nothing already booked. NULL while the order is not booked.
ALTER TABLE "estimate_items" ADD COLUMN "booked_cpm_cents" integer;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD COLUMN "booked_multiplier" double precision;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_booked_rate_check" CHECK (("booked_cpm_cents" IS NULL) = ("booked_multiplier" IS NULL) AND ("booked_cpm_cents" IS NULL OR "booked_cpm_cents" >= 0));--> statement-breakpoint
-- Lines of orders booked (or completed) before this migration: the rate card as it is now is the best
-- record of what they were booked at (the item's custom CPM, else the daypart's base CPM, else $5).
UPDATE "estimate_items" i
SET "booked_cpm_cents" = coalesce(i."user_defined_cpm_cents", nullif(d."base_cpm_cents", 0), 500), "booked_multiplier" = d."multiplier"
FROM "dayparts" d, "estimates" e
WHERE d."id" = i."daypart_id" AND e."id" = i."estimate_id" AND e."status" IN ('approved', 'scheduled', 'active', 'completed');
--> statement-breakpoint
-- Frozen parties (issue 30, finding 4; decision 029): the station (letterhead, remit-to) and the billed
-- party as they were when the invoice was issued; its PDF prints these, never today's profile.
ALTER TABLE "invoices" ADD COLUMN "issued_parties" jsonb;--> statement-breakpoint
-- The trail keeps a logo as its digest (a data URL is up to 300 KB) and leaves out an invoice's frozen
-- parties (a copy of what the station profile's and the brand's own events already record).
CREATE OR REPLACE FUNCTION audit_row(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(j -> 'logo') = 'string'
      THEN jsonb_set(j - ARRAY['password_hash', 'updated_at', 'processing_progress', 'processing_message', 'issued_parties'], '{logo}', to_jsonb('sha256:' || encode(sha256(convert_to(j ->> 'logo', 'UTF8')), 'hex')))
    ELSE j - ARRAY['password_hash', 'updated_at', 'processing_progress', 'processing_message', 'issued_parties']
  END
$$;--> statement-breakpoint
-- The station profile is audited like the rate card: who changed the remit-to, the names, the logo.
CREATE TRIGGER station_profile_audit_insert AFTER INSERT ON station_profile REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_insert('station', '', '');--> statement-breakpoint
CREATE TRIGGER station_profile_audit_update AFTER UPDATE ON station_profile REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_update('station', '', '');
