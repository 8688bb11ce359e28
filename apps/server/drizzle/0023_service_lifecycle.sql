CREATE TABLE "biz_service_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"from_state" varchar(16) NOT NULL,
	"to_state" varchar(16) NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"actor" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_service_reminder" (
	"service_id" bigint NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_service_reminder_service_id_period_end_days_pk" PRIMARY KEY("service_id","period_end","days")
);
--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "state" varchar(16) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_service_event" ADD CONSTRAINT "biz_service_event_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_service_reminder" ADD CONSTRAINT "biz_service_reminder_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_service_event_service" ON "biz_service_event" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "biz_service_state" ON "biz_service" USING btree ("state","expires_at");
--> statement-breakpoint
-- The lifecycle's periods, for installations seeded before they existed (a new one gets them from the seed).
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT v.k, v.n, v.val FROM (VALUES
  ('sys.lifecycle.reminderDays', '{"en": "Expiry reminders (days before, comma-separated)", "zh-CN": "到期提醒（提前天数，逗号分隔）", "zh-TW": "到期提醒（提前天數，逗號分隔）", "id": "Pengingat kedaluwarsa (hari sebelumnya, dipisah koma)", "vi": "Nhắc hết hạn (số ngày trước, phân cách bằng dấu phẩy)"}'::jsonb, '30,7,1'),
  ('sys.lifecycle.renewalDays', '{"en": "Renewal order created (days before expiry)", "zh-CN": "续费订单生成时间（到期前天数）", "zh-TW": "續費訂單產生時間（到期前天數）", "id": "Pesanan perpanjangan dibuat (hari sebelum kedaluwarsa)", "vi": "Tạo đơn gia hạn (số ngày trước khi hết hạn)"}'::jsonb, '7'),
  ('sys.lifecycle.graceDays', '{"en": "Grace period after expiry (days, still served)", "zh-CN": "到期后宽限期（天，服务照常）", "zh-TW": "到期後寬限期（天，服務照常）", "id": "Masa tenggang setelah kedaluwarsa (hari, tetap dilayani)", "vi": "Thời gian ân hạn sau khi hết hạn (ngày, vẫn phục vụ)"}'::jsonb, '3'),
  ('sys.lifecycle.terminateDays', '{"en": "Termination after suspension (days)", "zh-CN": "暂停后终止（天）", "zh-TW": "暫停後終止（天）", "id": "Penghentian setelah ditangguhkan (hari)", "vi": "Chấm dứt sau khi tạm ngưng (ngày)"}'::jsonb, '30')
) AS v(k, n, val)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
