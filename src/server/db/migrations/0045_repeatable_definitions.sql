-- The definition files' checksums (decision 049): migrate() applies src/server/db/sql/*.sql after the
-- numbered migrations when a file's text differs from the one recorded here.
CREATE TABLE "schema_definitions" (
	"file" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
