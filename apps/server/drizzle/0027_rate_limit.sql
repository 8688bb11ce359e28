CREATE UNLOGGED TABLE "sys_rate_limit" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
