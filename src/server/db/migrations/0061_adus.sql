-- ADUs (issue 43, decision 057): audience deficiency units are offered like makegoods, as makegood offers of
-- kind 'adu' that replace no missed spot; their spots go on the log marked no-charge and are never billed.
ALTER TABLE "makegood_offers" ADD COLUMN "kind" text DEFAULT 'makegood' NOT NULL;--> statement-breakpoint
ALTER TABLE "makegood_offers" ALTER COLUMN "missed_spot_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_kind_check" CHECK ("kind" in ('makegood', 'adu') and ("kind" = 'adu') = ("missed_spot_id" is null));--> statement-breakpoint
ALTER TABLE "makegood_offers" ADD CONSTRAINT "makegood_offers_adu_cost_check" CHECK ("kind" = 'makegood' or ("spot_cost_cents" = 0 and "credit_cents" = 0));--> statement-breakpoint
ALTER TABLE "traffic_spots" ADD COLUMN "no_charge" boolean DEFAULT false NOT NULL;
