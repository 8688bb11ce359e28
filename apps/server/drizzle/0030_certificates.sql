CREATE TABLE "biz_certificate" (
	"certificate_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"source" varchar(8) NOT NULL,
	"state" varchar(12) NOT NULL,
	"names" jsonb NOT NULL,
	"validation" varchar(8),
	"key_type" varchar(16),
	"csr_pem" text,
	"certificate_pem" text,
	"chain_pem" text,
	"private_key_sealed" text,
	"issuer" varchar(300),
	"serial_number" varchar(80),
	"fingerprint" varchar(100),
	"not_before" timestamp with time zone,
	"not_after" timestamp with time zone,
	"acme_order_url" varchar(500),
	"challenges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renews" integer,
	"last_error" varchar(500),
	"served_checked_at" timestamp with time zone,
	"served_not_after" timestamp with time zone,
	"served_matches" boolean,
	"served_error" varchar(100),
	"created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "biz_certificate_reminder" (
	"subject" varchar(40) NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_certificate_reminder_subject_not_after_days_pk" PRIMARY KEY("subject","not_after","days")
);
--> statement-breakpoint
CREATE TABLE "biz_tls_watch" (
	"watch_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"host" varchar(253) NOT NULL,
	"port" integer NOT NULL,
	"checked_at" timestamp with time zone,
	"subject" varchar(300),
	"issuer" varchar(300),
	"names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_after" timestamp with time zone,
	"fingerprint" varchar(100),
	"trusted" boolean,
	"error" varchar(100),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_acme_account" (
	"directory_url" varchar(500) PRIMARY KEY NOT NULL,
	"account_key_sealed" text NOT NULL,
	"account_url" varchar(500),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_certificate" ADD CONSTRAINT "biz_certificate_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_certificate" ADD CONSTRAINT "biz_certificate_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_tls_watch" ADD CONSTRAINT "biz_tls_watch_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_tls_watch" ADD CONSTRAINT "biz_tls_watch_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_certificate_user" ON "biz_certificate" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "biz_certificate_expiry" ON "biz_certificate" USING btree ("not_after");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_tls_watch_endpoint" ON "biz_tls_watch" USING btree ("user_id","host","port");--> statement-breakpoint
-- Hand-written: for installations seeded before certificates existed (a new installation gets the
-- menu entry and the setting from the first-start seed). Everyone's, as Monitoring.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon")
SELECT m."menu_id", 'C', '{"en":"Certificates","zh-CN":"证书管理","zh-TW":"憑證管理","id":"Sertifikat","vi":"Chứng chỉ"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'certificates', 'control/certificates/index', 'certificate'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/certificates/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/certificates/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.certificate.maxPerCustomer', '{"en":"Certificates per customer","zh-CN":"每位客户的证书数","zh-TW":"每位客戶的憑證數","id":"Sertifikat per pelanggan","vi":"Số chứng chỉ mỗi khách hàng"}'::jsonb, '20'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
