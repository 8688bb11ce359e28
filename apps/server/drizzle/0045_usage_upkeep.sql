CREATE TABLE "biz_usage_dirty_hour" (
	"service_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_usage_dirty_hour_service_id_hour_pk" PRIMARY KEY("service_id","hour")
);
--> statement-breakpoint
-- How long the platform's figures are kept (System → Settings), for installations seeded before they existed.
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT v.k, v.n, v.val FROM (VALUES
  ('sys.usage.keep5mDays', '{"en": "Usage: 5-minute figures kept (days, 32 or more)", "zh-CN": "用量：5 分钟数据保留天数（至少 32）", "zh-TW": "用量：5 分鐘資料保留天數（至少 32）", "id": "Pemakaian: data 5 menit disimpan (hari, minimal 32)", "vi": "Sử dụng: lưu số liệu 5 phút (ngày, tối thiểu 32)"}'::jsonb, '35'),
  ('sys.usage.keepHourlyMonths', '{"en": "Usage: hourly figures kept (months)", "zh-CN": "用量：小时数据保留月数", "zh-TW": "用量：小時資料保留月數", "id": "Pemakaian: data per jam disimpan (bulan)", "vi": "Sử dụng: lưu số liệu theo giờ (tháng)"}'::jsonb, '13'),
  ('sys.usage.keepDailyYears', '{"en": "Usage: daily figures kept (years)", "zh-CN": "用量：每日数据保留年数", "zh-TW": "用量：每日資料保留年數", "id": "Pemakaian: data harian disimpan (tahun)", "vi": "Sử dụng: lưu số liệu theo ngày (năm)"}'::jsonb, '5')
) AS v(k, n, val)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
