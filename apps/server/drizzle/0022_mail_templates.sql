CREATE TABLE "sys_mail_preview" (
	"preview_id" uuid PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_mail_template" (
	"event" varchar(48) NOT NULL,
	"language" varchar(8) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"heading" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"action" varchar(60) DEFAULT '' NOT NULL,
	"updated_by" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_mail_template_event_language_pk" PRIMARY KEY("event","language")
);
--> statement-breakpoint
-- System → Mail templates for installations seeded before it existed (a new installation gets it
-- from the first-start seed). The page and its query and test buttons for operators; editing is
-- the administrators'.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Mail templates","zh-CN":"邮件模板","zh-TW":"郵件範本","id":"Templat email","vi":"Mẫu email"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'mailTemplate', 'system/mailTemplate/index', 'system:mailTemplate:list', 'email'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'system'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'system:mailTemplate:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', b.title::jsonb, b.n, b.perms
FROM "sys_menu" p,
     (VALUES (1, 'system:mailTemplate:query', '{"en":"Query","zh-CN":"查询","zh-TW":"查詢","id":"Cari","vi":"Tra cứu"}'),
             (2, 'system:mailTemplate:edit', '{"en":"Edit","zh-CN":"修改","zh-TW":"修改","id":"Ubah","vi":"Sửa"}'),
             (3, 'system:mailTemplate:test', '{"en":"Send a test","zh-CN":"发送测试邮件","zh-TW":"寄送測試郵件","id":"Kirim uji","vi":"Gửi thử"}'))
       AS b(n, perms, title)
WHERE p."perms" = 'system:mailTemplate:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = b.perms);
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('system:mailTemplate:list', 'system:mailTemplate:query', 'system:mailTemplate:test')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
