DROP INDEX "biz_order_one_unpaid_change";--> statement-breakpoint
CREATE UNIQUE INDEX "biz_order_one_unpaid_change" ON "biz_order" USING btree ("service_order_no") WHERE "biz_order"."status" = 'unpaid' and "biz_order"."service_order_no" is not null and "biz_order"."action" <> 'overage';--> statement-breakpoint
-- Hand-written. Business → Usage (burstable billing) for installations seeded before it existed,
-- granted to the operators as a new installation seeds it.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Usage","zh-CN":"用量计费","zh-TW":"用量計費","id":"Pemakaian","vi":"Mức sử dụng"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'usage', 'business/usage/index', 'business:usage:list', 'chart'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:usage:list');
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" = 'business:usage:list'
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
