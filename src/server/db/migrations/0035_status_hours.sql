-- status_hours (decision 037): the table; migration 0038 defines what keeps it and fills it.
CREATE TABLE IF NOT EXISTS "status_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"days" bigint DEFAULT 0 NOT NULL,
	"dated" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "status_hours_pkey" PRIMARY KEY("hour","status")
);
