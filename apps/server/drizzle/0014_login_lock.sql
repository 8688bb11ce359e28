CREATE TABLE "sys_login_lock" (
	"account_key" varchar(64) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sys_login_lock_window" ON "sys_login_lock" USING btree ("window_start");