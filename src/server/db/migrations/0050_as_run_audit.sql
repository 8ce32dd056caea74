-- An as-run import's changes of spots are their audit events (issue 45, decision 055, amending 012 and 044):
-- the spots' audit trigger skips the rows an import statement changes (the transaction-local
-- spotbook.audit_source), and the audit trail (the view audit_trail, audit.sql) reads these rows instead.
-- audit_id: the event's id, from audit_events' own sequence, so that one keyset orders both.
-- spot_key / order_id: the spot and its order as the trail keeps them (spot_id is set null if the spot goes).
-- previous_status: the spot's status before the import. as_run_imports.actor: who imported, as the trail
-- records an actor (audit_actor(): user, e-mail, role, request, API key).
ALTER TABLE "as_run_changes" ADD COLUMN "audit_id" bigint;--> statement-breakpoint
ALTER TABLE "as_run_changes" ADD COLUMN "spot_key" text;--> statement-breakpoint
ALTER TABLE "as_run_changes" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "as_run_changes" ADD COLUMN "previous_status" text;--> statement-breakpoint
ALTER TABLE "as_run_imports" ADD COLUMN "actor" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "as_run_changes_audit_idx" ON "as_run_changes" USING btree ("audit_id") WHERE "audit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "as_run_changes_spot_audit_idx" ON "as_run_changes" USING btree ("spot_key", "audit_id") WHERE "audit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "as_run_changes_order_audit_idx" ON "as_run_changes" USING btree ("order_id", "audit_id") WHERE "audit_id" IS NOT NULL;
