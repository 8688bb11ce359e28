CREATE TABLE "biz_balance_reconciliation" (
	"day" varchar(10) PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"balances" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone
);
