CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"projected_spend_cents" bigint NOT NULL,
	"projected_impressions" bigint NOT NULL,
	"actual_spend_cents" bigint NOT NULL,
	"actual_impressions" bigint NOT NULL,
	"notes" text,
	"reconciled_by" uuid,
	"reconciled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_reconciled_by_users_id_fk" FOREIGN KEY ("reconciled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_estimate_id_key" ON "reconciliations" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "reconciliations_reconciled_at_idx" ON "reconciliations" USING btree ("reconciled_at");