ALTER TABLE "webhook_endpoints" ADD COLUMN "auth_scheme" text;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_auth_scheme_check" CHECK ("webhook_endpoints"."auth_scheme" is null or "webhook_endpoints"."auth_scheme" in ('Bearer', 'HMAC-SHA256'));
