-- Hand-written: seeded Traditional Chinese titles in mainland usage (issue 45) get the words a
-- Taiwanese company writes, as a new installation is seeded: 客戶線索 → 潛在客戶, 站點管理 → 網站管理,
-- 重新投遞 → 重新傳送, 續費訂單 → 續約訂單. Only the zh-TW text is touched, and only where it is still
-- the seeded one: a title an operator has changed stays theirs.
UPDATE "sys_menu" SET "title" = jsonb_set("title", '{zh-TW}', '"潛在客戶"')
WHERE "component" = 'business/lead/index' AND "title"->>'zh-TW' = '客戶線索';
--> statement-breakpoint
UPDATE "sys_menu" SET "title" = jsonb_set("title", '{zh-TW}', '"網站管理"')
WHERE "component" = 'system/site/index' AND "title"->>'zh-TW' = '站點管理';
--> statement-breakpoint
UPDATE "sys_menu" SET "title" = jsonb_set("title", '{zh-TW}', '"重新傳送"')
WHERE "perms" = 'system:webhook:replay' AND "title"->>'zh-TW' = '重新投遞';
--> statement-breakpoint
UPDATE "sys_config" SET "config_name" = jsonb_set("config_name", '{zh-TW}', '"續約訂單產生時間（到期前天數）"')
WHERE "config_key" = 'sys.lifecycle.renewalDays' AND "config_name"->>'zh-TW' = '續費訂單產生時間（到期前天數）';
