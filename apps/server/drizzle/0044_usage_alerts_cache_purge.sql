CREATE TABLE "biz_attack_notice" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"end_sent" boolean DEFAULT false NOT NULL,
	"start_mailed" boolean DEFAULT false NOT NULL,
	"end_mailed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_cache_purge" (
	"purge_id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"scope" varchar(12) NOT NULL,
	"targets" jsonb NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"message" varchar(500),
	"day" varchar(10) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "biz_usage_alert_state" (
	"service_id" bigint PRIMARY KEY NOT NULL,
	"attack_mailed_at" timestamp with time zone,
	"throttled_month" varchar(10)
);
--> statement-breakpoint
ALTER TABLE "biz_attack_notice" ADD CONSTRAINT "biz_attack_notice_event_id_biz_attack_event_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."biz_attack_event"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_cache_purge" ADD CONSTRAINT "biz_cache_purge_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_usage_alert_state" ADD CONSTRAINT "biz_usage_alert_state_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_attack_notice_unmailed" ON "biz_attack_notice" USING btree ("service_id") WHERE not "biz_attack_notice"."start_mailed" or ("biz_attack_notice"."end_sent" and not "biz_attack_notice"."end_mailed");--> statement-breakpoint
CREATE INDEX "biz_cache_purge_service_day" ON "biz_cache_purge" USING btree ("service_id","day");--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT v.k, v.n, v.val FROM (VALUES
  ('sys.usage.cdn.atFull', '{"en": "CDN: at 100 % of the bandwidth (notify, upgrade or throttle)", "zh-CN": "CDN：带宽用量达到 100% 时（notify 仅通知、upgrade 通知并提供升级、throttle 通知并限速）", "zh-TW": "CDN：頻寬用量達到 100% 時（notify 僅通知、upgrade 通知並提供升級、throttle 通知並限速）", "id": "CDN: saat bandwidth mencapai 100% (notify, upgrade, atau throttle)", "vi": "CDN: khi băng thông đạt 100% (notify, upgrade hoặc throttle)"}'::jsonb, 'notify'),
  ('sys.usage.ddos.atFull', '{"en": "DDoS protection: at 100 % of the bandwidth (notify, upgrade or throttle)", "zh-CN": "DDoS 高防：带宽用量达到 100% 时（notify 仅通知、upgrade 通知并提供升级、throttle 通知并限速）", "zh-TW": "DDoS 高防：頻寬用量達到 100% 時（notify 僅通知、upgrade 通知並提供升級、throttle 通知並限速）", "id": "Perlindungan DDoS: saat bandwidth mencapai 100% (notify, upgrade, atau throttle)", "vi": "Chống DDoS: khi băng thông đạt 100% (notify, upgrade hoặc throttle)"}'::jsonb, 'notify'),
  ('sys.usage.tcp.atFull', '{"en": "TCP/UDP protection: at 100 % of the bandwidth (notify, upgrade or throttle)", "zh-CN": "TCP/UDP 高防：带宽用量达到 100% 时（notify 仅通知、upgrade 通知并提供升级、throttle 通知并限速）", "zh-TW": "TCP/UDP 高防：頻寬用量達到 100% 時（notify 僅通知、upgrade 通知並提供升級、throttle 通知並限速）", "id": "Perlindungan TCP/UDP: saat bandwidth mencapai 100% (notify, upgrade, atau throttle)", "vi": "Chống DDoS TCP/UDP: khi băng thông đạt 100% (notify, upgrade hoặc throttle)"}'::jsonb, 'notify'),
  ('sys.usage.waf.atFull', '{"en": "WAF: at 100 % of the bandwidth (notify, upgrade or throttle)", "zh-CN": "WAF：带宽用量达到 100% 时（notify 仅通知、upgrade 通知并提供升级、throttle 通知并限速）", "zh-TW": "WAF：頻寬用量達到 100% 時（notify 僅通知、upgrade 通知並提供升級、throttle 通知並限速）", "id": "WAF: saat bandwidth mencapai 100% (notify, upgrade, atau throttle)", "vi": "WAF: khi băng thông đạt 100% (notify, upgrade hoặc throttle)"}'::jsonb, 'notify'),
  ('sys.purge.cdn.dailyQuota', '{"en": "CDN: cache purge and prefetch entries per package per day", "zh-CN": "CDN：每个套餐每日缓存刷新与预热条数", "zh-TW": "CDN：每個方案每日快取清除與預熱筆數", "id": "CDN: entri pembersihan dan prefetch cache per paket per hari", "vi": "CDN: số mục xóa và làm nóng bộ nhớ đệm mỗi gói mỗi ngày"}'::jsonb, '1000'),
  ('sys.purge.ddos.dailyQuota', '{"en": "DDoS protection: cache purge and prefetch entries per package per day", "zh-CN": "DDoS 高防：每个套餐每日缓存刷新与预热条数", "zh-TW": "DDoS 高防：每個方案每日快取清除與預熱筆數", "id": "Perlindungan DDoS: entri pembersihan dan prefetch cache per paket per hari", "vi": "Chống DDoS: số mục xóa và làm nóng bộ nhớ đệm mỗi gói mỗi ngày"}'::jsonb, '1000'),
  ('sys.purge.waf.dailyQuota', '{"en": "WAF: cache purge and prefetch entries per package per day", "zh-CN": "WAF：每个套餐每日缓存刷新与预热条数", "zh-TW": "WAF：每個方案每日快取清除與預熱筆數", "id": "WAF: entri pembersihan dan prefetch cache per paket per hari", "vi": "WAF: số mục xóa và làm nóng bộ nhớ đệm mỗi gói mỗi ngày"}'::jsonb, '1000')
) AS v(k, n, val)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
