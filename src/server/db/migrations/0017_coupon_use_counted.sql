-- A coupon use counts toward usage_count, usage_limit and per_user_limit only once its order is
-- submitted (issue 10, finding 7). Uses held by drafts were counted until now: they stop counting
-- and their coupons' counts go down by as many.
ALTER TABLE "coupon_usages" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "usage_count" = greatest("coupons"."usage_count" - "held"."n", 0)
FROM (
  SELECT "coupon_usages"."coupon_id", count(*)::int AS "n"
  FROM "coupon_usages" JOIN "estimates" ON "estimates"."id" = "coupon_usages"."estimate_id"
  WHERE "estimates"."status" = 'draft'
  GROUP BY "coupon_usages"."coupon_id"
) AS "held"
WHERE "held"."coupon_id" = "coupons"."id";--> statement-breakpoint
UPDATE "coupon_usages" SET "counted" = false
FROM "estimates"
WHERE "estimates"."id" = "coupon_usages"."estimate_id" AND "estimates"."status" = 'draft';--> statement-breakpoint
ALTER TABLE "coupon_usages" ALTER COLUMN "counted" SET DEFAULT false;
