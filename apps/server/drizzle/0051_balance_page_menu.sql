-- Hand-written: for installations seeded before the balance was shown (a new installation gets it
-- from the first-start seed): Control center → Balance, after My services (the pages after it move
-- down one place, their order otherwise kept), for customers and operators alike.
UPDATE "sys_menu" SET "order_num" = "order_num" + 1
WHERE "parent_id" = (SELECT "menu_id" FROM "sys_menu" WHERE "parent_id" = 0 AND "path" = 'control' LIMIT 1)
  AND "order_num" > coalesce((SELECT "order_num" FROM "sys_menu" WHERE "component" = 'control/services/index' LIMIT 1), 2147483646)
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/balance/index');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon", "hidden")
SELECT m."menu_id", 'C', '{"en":"Balance","zh-CN":"余额","zh-TW":"餘額","id":"Saldo","vi":"Số dư"}'::jsonb,
       coalesce((SELECT s."order_num" + 1 FROM "sys_menu" s
                  WHERE s."parent_id" = m."menu_id" AND s."component" = 'control/services/index' LIMIT 1),
                (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id")),
       'balance', 'control/balance/index', 'wallet', false
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/balance/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/balance/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
