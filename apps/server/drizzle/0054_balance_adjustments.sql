CREATE TABLE "biz_balance_adjustment" (
	"adjustment_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(8) NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" varchar(64) NOT NULL,
	"decided_by_id" integer,
	"decided_by" varchar(64),
	"decided_at" timestamp with time zone,
	"entry_id" bigint,
	"idempotency_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_balance_adjustment_not_zero" CHECK ("biz_balance_adjustment"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "biz_balance_adjustment" ADD CONSTRAINT "biz_balance_adjustment_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_balance_adjustment" ADD CONSTRAINT "biz_balance_adjustment_entry_id_biz_balance_entry_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."biz_balance_entry"("entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_balance_adjustment_key" ON "biz_balance_adjustment" USING btree ("requested_by_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "biz_balance_adjustment_status" ON "biz_balance_adjustment" USING btree ("status","adjustment_id");--> statement-breakpoint
-- Hand-written: for installations seeded before Business → Balances (a new installation gets it
-- from the first-start seed): the page after Usage (the pages after it move down one place), its
-- Adjust button, both for operators; and the amount above which an adjustment needs a second operator.
UPDATE "sys_menu" SET "order_num" = "order_num" + 1
WHERE "parent_id" = (SELECT "menu_id" FROM "sys_menu" WHERE "parent_id" = 0 AND "path" = 'business' LIMIT 1)
  AND "order_num" > coalesce((SELECT "order_num" FROM "sys_menu" WHERE "perms" = 'business:usage:list' LIMIT 1), 2147483646)
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:balance:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Balances","zh-CN":"余额管理","zh-TW":"餘額管理","id":"Saldo pelanggan","vi":"Số dư khách hàng"}'::jsonb,
       coalesce((SELECT s."order_num" + 1 FROM "sys_menu" s
                  WHERE s."parent_id" = m."menu_id" AND s."perms" = 'business:usage:list' LIMIT 1),
                (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id")),
       'balance', 'business/balance/index', 'business:balance:list', 'wallet'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:balance:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', '{"en":"Adjust","zh-CN":"调整","zh-TW":"調整","id":"Sesuaikan","vi":"Điều chỉnh"}'::jsonb, 1, 'business:balance:adjust'
FROM "sys_menu" p
WHERE p."perms" = 'business:balance:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:balance:adjust');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('business:balance:list', 'business:balance:adjust')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
--> statement-breakpoint
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.balance.adjustConfirmAbove', '{"en": "Balance: adjustments above this need a second operator (minor units, e.g. cents)", "zh-CN": "余额：超过此金额的调整须另一名操作员确认（最小货币单位，如分）", "zh-TW": "餘額：超過此金額的調整須由另一位操作人員確認（最小貨幣單位，如分）", "id": "Saldo: penyesuaian di atas jumlah ini perlu dikonfirmasi operator kedua (satuan terkecil mata uang, mis. sen)", "vi": "Số dư: điều chỉnh lớn hơn mức này cần người vận hành thứ hai xác nhận (đơn vị tiền nhỏ nhất, ví dụ xu)"}'::jsonb, '100000'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
