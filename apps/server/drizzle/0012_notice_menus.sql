-- System → Notices for installations seeded before it existed. A new installation (no roles yet)
-- gets it from the first-start seed instead, so nothing is added to it here.
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "path", "component", "perms", "icon")
SELECT m."menu_id", 'C', '{"en":"Notices","zh-CN":"通知公告","zh-TW":"通知公告","id":"Pengumuman","vi":"Thông báo"}'::jsonb,
       (SELECT coalesce(max("order_num"), 0) + 1 FROM "sys_menu" WHERE "parent_id" = m."menu_id"),
       'notice', 'system/notice/index', 'system:notice:list', 'message'
FROM "sys_menu" m
WHERE m."parent_id" = 0 AND m."path" = 'system'
  AND EXISTS (SELECT 1 FROM "sys_role")
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = 'system:notice:list');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "menu_type", "title", "order_num", "perms")
SELECT p."menu_id", 'F', b."title"::jsonb, b."ord", b."perms"
FROM "sys_menu" p
CROSS JOIN (VALUES
  ('system:notice:add', '{"en":"Add","zh-CN":"新增","zh-TW":"新增","id":"Tambah","vi":"Thêm"}', 1),
  ('system:notice:edit', '{"en":"Edit","zh-CN":"修改","zh-TW":"修改","id":"Ubah","vi":"Sửa"}', 2),
  ('system:notice:remove', '{"en":"Delete","zh-CN":"删除","zh-TW":"刪除","id":"Hapus","vi":"Xóa"}', 3)
) AS b("perms", "title", "ord")
WHERE p."perms" = 'system:notice:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "perms" = b."perms");
--> statement-breakpoint
-- The operators' role, as the seed grants it: the page and its buttons.
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT r."role_id", m."menu_id"
FROM "sys_role" r
JOIN "sys_menu" m ON m."perms" IN ('system:notice:list', 'system:notice:add', 'system:notice:edit', 'system:notice:remove')
WHERE r."role_key" = 'operator'
  AND NOT EXISTS (SELECT 1 FROM "sys_role_menu" rm WHERE rm."role_id" = r."role_id" AND rm."menu_id" = m."menu_id");
