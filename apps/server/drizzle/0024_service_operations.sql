ALTER TABLE "biz_service" ADD COLUMN "operator_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Business → Services for installations seeded before it existed (a new installation gets it from
-- the first-start seed): the list for operators, suspending and extending for them too;
-- terminating is the administrators'.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Services","zh-CN":"服务管理","zh-TW":"服務管理","id":"Layanan","vi":"Dịch vụ"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'service', 'business/service/index', 'business:service:list', 'service'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'business'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'business:service:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', b.title::jsonb, b.n, b.perms
FROM "sys_menu" p,
     (VALUES (1, 'business:service:suspend', '{"en":"Suspend and unsuspend","zh-CN":"暂停与恢复","zh-TW":"暫停與恢復","id":"Tangguhkan dan pulihkan","vi":"Tạm ngưng và khôi phục"}'),
             (2, 'business:service:extend', '{"en":"Extend","zh-CN":"延期","zh-TW":"延期","id":"Perpanjang","vi":"Gia hạn thêm"}'),
             (3, 'business:service:terminate', '{"en":"Terminate","zh-CN":"终止","zh-TW":"終止","id":"Hentikan","vi":"Chấm dứt"}'))
       AS b(n, perms, title)
WHERE p."perms" = 'business:service:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = b.perms);
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('business:service:list', 'business:service:suspend', 'business:service:extend')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
