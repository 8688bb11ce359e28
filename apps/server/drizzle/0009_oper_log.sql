CREATE TABLE "sys_oper_log" (
	"oper_id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(32) NOT NULL,
	"route" varchar(200) NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" bigint NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"site_id" integer,
	"ip" varchar(64) NOT NULL,
	"status_code" integer NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"body" jsonb,
	"before" jsonb,
	"after" jsonb,
	"cost_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_oper_log_time" ON "sys_oper_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sys_oper_log_user" ON "sys_oper_log" USING btree ("user_name","created_at");