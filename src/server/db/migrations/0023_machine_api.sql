-- Machines buy too (issue 25, decision 030): API keys, idempotent writes, shared rate limits and
-- signed webhooks with their outbox.
--
-- API keys: only the SHA-256 of the secret is kept. A key acts as its owner, narrowed by its scopes.
-- Keys made by an administrator are the station's service keys (every administrator sees them).
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"station" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" ("user_id", "created_at");--> statement-breakpoint
-- The audit trail names the key that acted: the request sets `api_key_id` in spotbook.actor; a
-- trigger copies it, so the audit triggers of 0012 stay as they are.
ALTER TABLE "audit_events" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
CREATE FUNCTION audit_events_api_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.api_key_id := nullif(audit_actor() ->> 'api_key_id', '')::uuid;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_api_key BEFORE INSERT ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_api_key();
--> statement-breakpoint
-- Idempotent writes: the first request's answer under (caller, key), replayed to repeats with the
-- same fingerprint until expires_at. A row without status is still running.
CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("caller", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" ("expires_at");--> statement-breakpoint
-- Shared fixed-window counters: the API rate limit and the sign-in, reset and password limits.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" ("window_ends_at");--> statement-breakpoint
-- Webhooks: endpoints (an advertiser's own, or station-wide made by an administrator), the outbox of
-- events written in the changing transaction, and one delivery per endpoint and event with its attempts.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"station" boolean DEFAULT false NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" ("user_id", "created_at");--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"owner_id" uuid,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_events_occurred_idx" ON "webhook_events" ("occurred_at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE cascade,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state_check" CHECK ("state" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");
