CREATE TABLE "biz_help_article" (
	"article_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"category_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"slug" varchar(96) NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(400) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"helpful_yes" integer DEFAULT 0 NOT NULL,
	"helpful_no" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_help_category" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "biz_help_category_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "biz_help_feedback" (
	"article_id" integer NOT NULL,
	"voter" char(64) NOT NULL,
	"helpful" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_help_feedback_article_id_voter_pk" PRIMARY KEY("article_id","voter")
);
--> statement-breakpoint
ALTER TABLE "biz_inbound_mail" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "biz_inbound_mail" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_inbound_mail" ADD COLUMN "dismissed_by" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_help_article" ADD CONSTRAINT "biz_help_article_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_help_article" ADD CONSTRAINT "biz_help_article_category_id_biz_help_category_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."biz_help_category"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_help_feedback" ADD CONSTRAINT "biz_help_feedback_article_id_biz_help_article_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."biz_help_article"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_help_article_slug" ON "biz_help_article" USING btree (coalesce("site_id", 0),"category_id","language","slug");--> statement-breakpoint
CREATE INDEX "biz_help_article_list" ON "biz_help_article" USING btree ("language","status","site_id");--> statement-breakpoint
CREATE INDEX "biz_help_article_search" ON "biz_help_article" USING gin ((setweight(to_tsvector('simple', "search_title"), 'A') || setweight(to_tsvector('simple', "search_body"), 'B')));--> statement-breakpoint
ALTER TABLE "biz_inbound_mail" ADD CONSTRAINT "biz_inbound_mail_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_inbound_mail_quarantine" ON "biz_inbound_mail" USING btree ("received_at") WHERE "biz_inbound_mail"."outcome" = 'quarantined' and "biz_inbound_mail"."dismissed_at" is null;--> statement-breakpoint
-- Hand-written: Business → Help centre after Support desk, for installations seeded before it.
UPDATE "sys_menu" SET "order_num" = "order_num" + 1
WHERE "parent_id" = (SELECT "menu_id" FROM "sys_menu" WHERE "parent_id" = 0 AND "path" = 'business' LIMIT 1)
  AND "order_num" > coalesce((SELECT "order_num" FROM "sys_menu" WHERE "perms" = 'business:ticket:list' LIMIT 1), 2147483646)
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:help:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Help centre","zh-CN":"帮助中心","zh-TW":"說明中心","id":"Pusat bantuan","vi":"Trung tâm trợ giúp"}'::jsonb,
       coalesce((SELECT s."order_num" + 1 FROM "sys_menu" s
                  WHERE s."parent_id" = m."menu_id" AND s."perms" = 'business:ticket:list' LIMIT 1),
                (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id")),
       'help', 'business/help/index', 'business:help:list', 'help'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:help:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', '{"en":"Write articles","zh-CN":"编写文章","zh-TW":"撰寫文章","id":"Tulis artikel","vi":"Viết bài"}'::jsonb, 1, 'business:help:edit'
FROM "sys_menu" p
WHERE p."perms" = 'business:help:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:help:edit');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('business:help:list', 'business:help:edit')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
