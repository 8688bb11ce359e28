CREATE TABLE "biz_monitor" (
	"monitor_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"name" varchar(100) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"method" varchar(8) NOT NULL,
	"expected_status" integer NOT NULL,
	"keyword" varchar(200) DEFAULT '' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_status" integer,
	"last_ms" integer,
	"last_error" varchar(300),
	"certificate_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_monitor_hourly" (
	"monitor_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer NOT NULL,
	"failures" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	"max_ms" integer NOT NULL,
	CONSTRAINT "biz_monitor_hourly_monitor_id_hour_pk" PRIMARY KEY("monitor_id","hour")
);
--> statement-breakpoint
CREATE TABLE "biz_monitor_incident" (
	"incident_id" bigserial PRIMARY KEY NOT NULL,
	"monitor_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"cause" varchar(300) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_monitor_result" (
	"result_id" bigserial PRIMARY KEY NOT NULL,
	"monitor_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"response_ms" integer NOT NULL,
	"error" varchar(300)
);
--> statement-breakpoint
ALTER TABLE "biz_monitor" ADD CONSTRAINT "biz_monitor_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_monitor" ADD CONSTRAINT "biz_monitor_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_monitor_hourly" ADD CONSTRAINT "biz_monitor_hourly_monitor_id_biz_monitor_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."biz_monitor"("monitor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_monitor_incident" ADD CONSTRAINT "biz_monitor_incident_monitor_id_biz_monitor_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."biz_monitor"("monitor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_monitor_result" ADD CONSTRAINT "biz_monitor_result_monitor_id_biz_monitor_monitor_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."biz_monitor"("monitor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_monitor_user" ON "biz_monitor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "biz_monitor_due" ON "biz_monitor" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "biz_monitor_incident_at" ON "biz_monitor_incident" USING btree ("monitor_id","started_at");--> statement-breakpoint
CREATE INDEX "biz_monitor_result_at" ON "biz_monitor_result" USING btree ("monitor_id","checked_at");--> statement-breakpoint
-- Hand-written: for installations seeded before website monitoring existed (a new installation
-- gets the menu entry and the setting from the first-start seed). Everyone's, as My services.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon")
SELECT m."menu_id", 'C', '{"en":"Monitoring","zh-CN":"网站监控","zh-TW":"網站監控","id":"Pemantauan","vi":"Giám sát"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'monitors', 'control/monitors/index', 'uptime'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/monitors/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/monitors/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.monitor.maxPerCustomer', '{"en":"Website monitors per customer","zh-CN":"每位客户的网站监控数","zh-TW":"每位客戶的網站監控數","id":"Pemantau situs per pelanggan","vi":"Số giám sát website mỗi khách hàng"}'::jsonb, '10'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
