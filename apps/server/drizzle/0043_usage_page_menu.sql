-- Hand-written: for installations seeded before usage was shown (a new installation gets it from
-- the first-start seed): the hidden page of a package's usage (Control center → My services → Usage).
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "icon", "hidden")
SELECT m."menu_id", 'C', '{"en":"Package usage","zh-CN":"套餐用量","zh-TW":"方案用量","id":"Pemakaian paket","vi":"Mức sử dụng của gói"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'services/usage', 'control/usage/index', 'chart', true
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'control'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "component" = 'control/usage/index');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."component" = 'control/usage/index'
WHERE r."role_key" IN ('operator', 'ROLE_DEFAULT')
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
