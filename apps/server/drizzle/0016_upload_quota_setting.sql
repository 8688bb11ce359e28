-- The storage quota per customer, for installations seeded before it existed. A new installation
-- (no settings yet) gets it from the first-start seed instead, so nothing is added to it here.
-- Hand-written: a data change drizzle-kit does not generate.
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT 'sys.upload.quotaMb', '{"en":"Storage per customer (MB)","zh-CN":"每位客户的存储空间（MB）","zh-TW":"每位客戶的儲存空間（MB）","id":"Penyimpanan per pelanggan (MB)","vi":"Dung lượng lưu trữ mỗi khách hàng (MB)"}'::jsonb, '50'
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
