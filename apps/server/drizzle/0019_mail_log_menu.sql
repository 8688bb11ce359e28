-- Monitoring → Mail log for installations seeded before it existed. A new installation (no roles
-- yet) gets it from the first-start seed instead, so nothing is added to it here.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Mail log","zh-CN":"邮件日志","zh-TW":"郵件日誌","id":"Log email","vi":"Nhật ký email"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'mail', 'monitor/mail/index', 'monitor:mail:list', 'email'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'monitor'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'monitor:mail:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', '{"en":"Resend","zh-CN":"重新发送","zh-TW":"重新寄送","id":"Kirim ulang","vi":"Gửi lại"}'::jsonb, 1, 'monitor:mail:resend'
FROM "sys_menu" p
WHERE p."perms" = 'monitor:mail:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'monitor:mail:resend');
--> statement-breakpoint
-- The operators' role, as the seed grants it: the page and its button.
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('monitor:mail:list', 'monitor:mail:resend')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
