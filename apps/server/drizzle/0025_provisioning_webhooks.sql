CREATE TABLE "sys_webhook" (
	"webhook_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"url" varchar(500) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"events" jsonb NOT NULL,
	"secret" varchar(300) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_reason" varchar(200),
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_webhook_attempt" (
	"attempt_id" bigserial PRIMARY KEY NOT NULL,
	"message_id" varchar(40) NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_webhook_callback" (
	"callback_id" varchar(100) PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_webhook_message" (
	"message_id" varchar(40) PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"service_id" bigint,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "provisioning" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "provisioning_message" varchar(500);--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "provisioning_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "provisioning_overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_webhook" ADD CONSTRAINT "sys_webhook_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_webhook_attempt" ADD CONSTRAINT "sys_webhook_attempt_message_id_sys_webhook_message_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."sys_webhook_message"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_webhook_callback" ADD CONSTRAINT "sys_webhook_callback_webhook_id_sys_webhook_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."sys_webhook"("webhook_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_webhook_message" ADD CONSTRAINT "sys_webhook_message_webhook_id_sys_webhook_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."sys_webhook"("webhook_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_webhook_attempt_message" ON "sys_webhook_attempt" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_webhook_message_endpoint" ON "sys_webhook_message" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "biz_service_provisioning" ON "biz_service" USING btree ("provisioning","provisioning_since");--> statement-breakpoint
-- The platform's confirmation deadline, for installations seeded before it existed.
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.lifecycle.provisioningMinutes', '{"en": "Set-up confirmation from the platform expected within (minutes)", "zh-CN": "平台确认开通的期限（分钟）", "zh-TW": "平台確認開通的期限（分鐘）", "id": "Konfirmasi penyiapan dari platform diharapkan dalam (menit)", "vi": "Thời hạn nền tảng xác nhận khởi tạo (phút)"}'::jsonb, '30'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
--> statement-breakpoint
-- System → Webhooks for installations seeded before it existed (administrators only).
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Webhooks","zh-CN":"Webhook 通知","zh-TW":"Webhook 通知","id":"Webhook","vi":"Webhook"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'webhook', 'system/webhook/index', 'system:webhook:list', 'international'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'system'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'system:webhook:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', b.title::jsonb, b.n, b.perms
FROM "sys_menu" p,
     (VALUES (1, 'system:webhook:add', '{"en":"Add","zh-CN":"新增","zh-TW":"新增","id":"Tambah","vi":"Thêm"}'),
             (2, 'system:webhook:edit', '{"en":"Edit","zh-CN":"修改","zh-TW":"修改","id":"Ubah","vi":"Sửa"}'),
             (3, 'system:webhook:remove', '{"en":"Delete","zh-CN":"删除","zh-TW":"刪除","id":"Hapus","vi":"Xóa"}'),
             (4, 'system:webhook:replay', '{"en":"Replay deliveries","zh-CN":"重新投递","zh-TW":"重新投遞","id":"Kirim ulang","vi":"Gửi lại"}'))
       AS b(n, perms, title)
WHERE p."perms" = 'system:webhook:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = b.perms);
