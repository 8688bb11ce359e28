CREATE TABLE "biz_canned_reply" (
	"reply_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"language" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_ticket" (
	"ticket_id" bigserial PRIMARY KEY NOT NULL,
	"ticket_no" varchar(12) NOT NULL,
	"site_id" integer,
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"subject" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"priority" varchar(8) DEFAULT 'normal' NOT NULL,
	"service_order_no" varchar(32),
	"order_no" varchar(32),
	"assignee_id" integer,
	"language" varchar(8) NOT NULL,
	"last_from" varchar(8) DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"first_reply_due" timestamp with time zone NOT NULL,
	"resolution_due" timestamp with time zone NOT NULL,
	"first_replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rating" integer,
	"rating_comment" varchar(1000) DEFAULT '' NOT NULL,
	"merged_into" bigint,
	"urgent" boolean DEFAULT false NOT NULL,
	"next_page_at" timestamp with time zone,
	"pages_sent" integer DEFAULT 0 NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" varchar(64) DEFAULT '' NOT NULL,
	CONSTRAINT "biz_ticket_ticket_no_unique" UNIQUE("ticket_no")
);
--> statement-breakpoint
CREATE TABLE "biz_ticket_attachment" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_ticket_department" (
	"department_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"key" varchar(32) DEFAULT '' NOT NULL,
	"name" jsonb NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_ticket_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"kind" varchar(24) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"by_user" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_ticket_message" (
	"message_id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"author_id" integer,
	"author_name" varchar(64) NOT NULL,
	"from_staff" boolean NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"via" varchar(4) DEFAULT 'web' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_ticket_sla" (
	"priority" varchar(8) PRIMARY KEY NOT NULL,
	"first_reply_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "on_call_emails" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_canned_reply" ADD CONSTRAINT "biz_canned_reply_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket" ADD CONSTRAINT "biz_ticket_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket" ADD CONSTRAINT "biz_ticket_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket" ADD CONSTRAINT "biz_ticket_department_id_biz_ticket_department_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."biz_ticket_department"("department_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket" ADD CONSTRAINT "biz_ticket_assignee_id_sys_user_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_attachment" ADD CONSTRAINT "biz_ticket_attachment_file_id_sys_file_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_attachment" ADD CONSTRAINT "biz_ticket_attachment_message_id_biz_ticket_message_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."biz_ticket_message"("message_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_department" ADD CONSTRAINT "biz_ticket_department_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_event" ADD CONSTRAINT "biz_ticket_event_ticket_id_biz_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."biz_ticket"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_message" ADD CONSTRAINT "biz_ticket_message_ticket_id_biz_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."biz_ticket"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_ticket_message" ADD CONSTRAINT "biz_ticket_message_author_id_sys_user_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_canned_reply_site" ON "biz_canned_reply" USING btree ("site_id","language");--> statement-breakpoint
CREATE INDEX "biz_ticket_user" ON "biz_ticket" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "biz_ticket_queue" ON "biz_ticket" USING btree ("site_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "biz_ticket_status" ON "biz_ticket" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "biz_ticket_paging" ON "biz_ticket" USING btree ("next_page_at") WHERE "biz_ticket"."next_page_at" is not null;--> statement-breakpoint
CREATE INDEX "biz_ticket_attachment_message" ON "biz_ticket_attachment" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "biz_ticket_department_site" ON "biz_ticket_department" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "biz_ticket_event_ticket" ON "biz_ticket_event" USING btree ("ticket_id","event_id");--> statement-breakpoint
CREATE INDEX "biz_ticket_message_ticket" ON "biz_ticket_message" USING btree ("ticket_id","message_id");--> statement-breakpoint
-- Hand-written: the installation's departments and the service levels per priority (every site
-- without departments of its own uses these).
INSERT INTO "biz_ticket_department" ("site_id", "key", "name", "sort")
SELECT NULL, d.key, d.name::jsonb, d.sort
FROM (VALUES
  ('sales', '{"en":"Sales","zh-CN":"销售咨询","zh-TW":"銷售諮詢","id":"Penjualan","vi":"Kinh doanh"}', 1),
  ('billing', '{"en":"Billing","zh-CN":"账单与付款","zh-TW":"帳單與付款","id":"Tagihan dan pembayaran","vi":"Thanh toán"}', 2),
  ('technical', '{"en":"Technical support","zh-CN":"技术支持","zh-TW":"技術支援","id":"Dukungan teknis","vi":"Hỗ trợ kỹ thuật"}', 3),
  ('abuse', '{"en":"Abuse reports","zh-CN":"滥用举报","zh-TW":"濫用檢舉","id":"Laporan penyalahgunaan","vi":"Báo cáo lạm dụng"}', 4)
) AS d(key, name, sort)
WHERE NOT EXISTS (SELECT 1 FROM "biz_ticket_department" WHERE "site_id" IS NULL);
--> statement-breakpoint
INSERT INTO "biz_ticket_sla" ("priority", "first_reply_minutes", "resolution_minutes")
VALUES ('urgent', 30, 240), ('high', 120, 1440), ('normal', 480, 4320), ('low', 1440, 10080)
ON CONFLICT ("priority") DO NOTHING;
--> statement-breakpoint
-- For installations seeded before the support desk (a new one gets these from the first-start seed):
-- Control center → Support after Certificates, for customers and operators; Business → Support desk
-- after Leads, with its Reply and Assign buttons, for operators; the desk's three settings.
UPDATE "sys_menu" SET "order_num" = "order_num" + 1
WHERE "parent_id" = (SELECT "menu_id" FROM "sys_menu" WHERE "parent_id" = 0 AND "path" = 'control' LIMIT 1)
  AND "order_num" > coalesce((SELECT "order_num" FROM "sys_menu" WHERE "component" = 'control/certificates/index' LIMIT 1), 2147483646)
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/support/index');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon", "hidden")
SELECT m."menu_id", 'C', '{"en":"Support","zh-CN":"工单支持","zh-TW":"客服工單","id":"Dukungan","vi":"Hỗ trợ"}'::jsonb,
       coalesce((SELECT s."order_num" + 1 FROM "sys_menu" s
                  WHERE s."parent_id" = m."menu_id" AND s."component" = 'control/certificates/index' LIMIT 1),
                (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id")),
       'support', 'control/support/index', 'support', false
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/support/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/support/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
UPDATE "sys_menu" SET "order_num" = "order_num" + 1
WHERE "parent_id" = (SELECT "menu_id" FROM "sys_menu" WHERE "parent_id" = 0 AND "path" = 'business' LIMIT 1)
  AND "order_num" > coalesce((SELECT "order_num" FROM "sys_menu" WHERE "perms" = 'business:lead:list' LIMIT 1), 2147483646)
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:ticket:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Support desk","zh-CN":"工单处理","zh-TW":"客服工單處理","id":"Meja dukungan","vi":"Bàn hỗ trợ"}'::jsonb,
       coalesce((SELECT s."order_num" + 1 FROM "sys_menu" s
                  WHERE s."parent_id" = m."menu_id" AND s."perms" = 'business:lead:list' LIMIT 1),
                (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id")),
       'support', 'business/support/index', 'business:ticket:list', 'support'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:ticket:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', b.title::jsonb, b.ord, b.perms
FROM "sys_menu" p,
(VALUES
  ('business:ticket:reply', '{"en":"Reply","zh-CN":"回复","zh-TW":"回覆","id":"Balas","vi":"Trả lời"}', 1),
  ('business:ticket:edit', '{"en":"Assign, merge and set up","zh-CN":"分派、合并与设置","zh-TW":"指派、合併與設定","id":"Tugaskan, gabung, dan atur","vi":"Phân công, gộp và thiết lập"}', 2)
) AS b(perms, title, ord)
WHERE p."perms" = 'business:ticket:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = b.perms);
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('business:ticket:list', 'business:ticket:reply', 'business:ticket:edit')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT c.key, c.name::jsonb, c.value
FROM (VALUES
  ('sys.support.reopenDays', '{"en":"Support: days a customer may reopen a closed ticket","zh-CN":"工单：关闭后客户可重新打开的天数","zh-TW":"客服工單：關閉後客戶可重新開啟的天數","id":"Dukungan: batas hari pelanggan dapat membuka kembali tiket yang ditutup","vi":"Hỗ trợ: số ngày khách hàng có thể mở lại phiếu đã đóng"}', '14'),
  ('sys.support.attachmentMaxMb', '{"en":"Support: largest attachment (MB)","zh-CN":"工单：单个附件大小上限（MB）","zh-TW":"客服工單：單一附件大小上限（MB）","id":"Dukungan: ukuran lampiran maksimum (MB)","vi":"Hỗ trợ: dung lượng tệp đính kèm tối đa (MB)"}', '10'),
  ('sys.support.attachmentsPerMessage', '{"en":"Support: attachments per message","zh-CN":"工单：每条消息的附件数量上限","zh-TW":"客服工單：每則訊息的附件數量上限","id":"Dukungan: jumlah lampiran per pesan","vi":"Hỗ trợ: số tệp đính kèm mỗi tin nhắn"}', '5')
) AS c(key, name, value)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
