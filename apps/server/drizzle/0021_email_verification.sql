CREATE TABLE "biz_trial_use" (
	"site_key" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"product" varchar(16) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_trial_use_site_key_email_product_pk" PRIMARY KEY("site_key","email","product")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_user_token" ADD COLUMN "detail" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The accounts that exist today were never asked to confirm their address: it counts as confirmed,
-- for the oldest account of each address on a site (later ones confirm it, or another, to order).
UPDATE "sys_user" u SET "email_verified_at" = now()
 WHERE u."email" <> '' AND NOT EXISTS (
   SELECT 1 FROM "sys_user" o
    WHERE o."email" <> '' AND lower(o."email") = lower(u."email")
      AND coalesce(o."site_id", 0) = coalesce(u."site_id", 0) AND o."user_id" < u."user_id");--> statement-breakpoint
-- The setting, for installations seeded before it existed (a new one gets it from the first-start seed).
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.account.emailVerification', '{"en":"Customers confirm their e-mail address before ordering","zh-CN":"客户下单前须验证邮箱","zh-TW":"客戶下單前須驗證電子郵件","id":"Pelanggan mengonfirmasi email sebelum memesan","vi":"Khách hàng xác nhận email trước khi đặt hàng"}'::jsonb, 'true'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;--> statement-breakpoint
-- The free trials already taken, by the confirmed address of the account that took them.
INSERT INTO "biz_trial_use" ("site_key", "email", "product", "order_no", "created_at")
SELECT coalesce(o."site_id", 0), lower(u."email"), o."product", min(o."order_no"), min(o."created_at")
  FROM "biz_order" o JOIN "sys_user" u ON u."user_id" = o."user_id"
 WHERE o."is_trial" AND u."email" <> '' AND u."email_verified_at" IS NOT NULL
 GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_verified_email" ON "sys_user" USING btree (coalesce("site_id", 0),lower("email")) WHERE "sys_user"."email_verified_at" is not null and "sys_user"."email" <> '';