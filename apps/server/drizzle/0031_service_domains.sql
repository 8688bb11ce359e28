CREATE TABLE "biz_service_domain" (
	"domain_id" serial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"name" varchar(253) NOT NULL,
	"registrable_domain" varchar(253) NOT NULL,
	"cname_target" varchar(253) NOT NULL,
	"ownership_token" varchar(64) NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"origin_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_protocol" varchar(8) DEFAULT 'http' NOT NULL,
	"origin_port" integer DEFAULT 80 NOT NULL,
	"cache_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"waf_mode" varchar(8) DEFAULT 'block' NOT NULL,
	"icp_number" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_service_domain" ADD CONSTRAINT "biz_service_domain_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_service_domain_name" ON "biz_service_domain" USING btree ("service_id","name");--> statement-breakpoint
CREATE INDEX "biz_service_domain_by_name" ON "biz_service_domain" USING btree ("name");--> statement-breakpoint
-- Hand-written: for installations seeded before domain onboarding existed (a new installation gets
-- them from the first-start seed): the hidden page of a package's domains, and each product's
-- CNAME target pattern.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon", "hidden")
SELECT m."menu_id", 'C', '{"en":"Package domains","zh-CN":"套餐域名","zh-TW":"方案網域","id":"Domain paket","vi":"Tên miền của gói"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'services/domains', 'control/domains/index', 'international', true
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/domains/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/domains/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT k, n::jsonb, v FROM (VALUES
  ('sys.domain.cname.cdn', '{"en":"CDN domains'' CNAME target ({hash}: each domain''s label)","zh-CN":"CDN 域名的 CNAME 目标（{hash} 为各域名的标签）","zh-TW":"CDN 網域的 CNAME 目標（{hash} 為各網域的標籤）","id":"Target CNAME domain CDN ({hash}: label tiap domain)","vi":"Đích CNAME của tên miền CDN ({hash}: nhãn riêng của mỗi tên miền)"}', '{hash}.cdn.rampart-edge.example'),
  ('sys.domain.cname.ddos', '{"en":"DDoS domains'' CNAME target ({hash}: each domain''s label)","zh-CN":"DDoS 域名的 CNAME 目标（{hash} 为各域名的标签）","zh-TW":"DDoS 網域的 CNAME 目標（{hash} 為各網域的標籤）","id":"Target CNAME domain DDoS ({hash}: label tiap domain)","vi":"Đích CNAME của tên miền DDoS ({hash}: nhãn riêng của mỗi tên miền)"}', '{hash}.ddos.rampart-edge.example'),
  ('sys.domain.cname.waf', '{"en":"WAF domains'' CNAME target ({hash}: each domain''s label)","zh-CN":"WAF 域名的 CNAME 目标（{hash} 为各域名的标签）","zh-TW":"WAF 網域的 CNAME 目標（{hash} 為各網域的標籤）","id":"Target CNAME domain WAF ({hash}: label tiap domain)","vi":"Đích CNAME của tên miền WAF ({hash}: nhãn riêng của mỗi tên miền)"}', '{hash}.waf.rampart-edge.example')
) AS settings(k, n, v)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
