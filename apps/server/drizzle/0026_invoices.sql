CREATE TABLE "biz_invoice" (
	"invoice_id" bigserial PRIMARY KEY NOT NULL,
	"invoice_no" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"site_id" integer,
	"user_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"refers_to" varchar(40),
	"snapshot" jsonb NOT NULL,
	"currency" char(3) NOT NULL,
	"total" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_invoice_invoice_no_unique" UNIQUE("invoice_no")
);
--> statement-breakpoint
CREATE TABLE "biz_invoice_sequence" (
	"prefix" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "biz_invoice_sequence_prefix_kind_pk" PRIMARY KEY("prefix","kind")
);
--> statement-breakpoint
ALTER TABLE "sys_mail" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "billing_address" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "tax_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "invoice_prefix" varchar(16) DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "billing_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "billing_tax_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "billing_address" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "invoice_email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_invoice" ADD CONSTRAINT "biz_invoice_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_invoice" ADD CONSTRAINT "biz_invoice_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_invoice_order_kind" ON "biz_invoice" USING btree ("order_no","kind");--> statement-breakpoint
CREATE INDEX "biz_invoice_site" ON "biz_invoice" USING btree ("site_id","issued_at");--> statement-breakpoint
CREATE INDEX "biz_invoice_user" ON "biz_invoice" USING btree ("user_id","issued_at");
--> statement-breakpoint
-- Business → Invoices for installations seeded before it existed (operators and administrators).
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Invoices","zh-CN":"发票管理","zh-TW":"發票管理","id":"Faktur","vi":"Hóa đơn"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'invoice', 'business/invoice/index', 'business:invoice:list', 'form'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:invoice:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', '{"en":"Export","zh-CN":"导出","zh-TW":"匯出","id":"Ekspor","vi":"Xuất"}'::jsonb, 1, 'business:invoice:export'
FROM "sys_menu" p
WHERE p."perms" = 'business:invoice:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:invoice:export');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('business:invoice:list', 'business:invoice:export')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
-- Each site its own invoice numbers: a site with an agent code numbers them after it (LOTUS-000001).
UPDATE "sys_site" SET "invoice_prefix" = left(upper("agent_code"), 15) || '-'
WHERE "agent_code" <> '' AND "invoice_prefix" = 'INV-';
