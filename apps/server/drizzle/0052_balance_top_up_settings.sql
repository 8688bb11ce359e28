-- The least and most a customer may top up their balance at once (System → Settings), for installations seeded before they existed.
INSERT INTO "sys_config" ("config_key", "config_name", "config_value")
SELECT v.k, v.n, v.val FROM (VALUES
  ('sys.balance.topupMin', '{"en": "Balance: least top-up (minor units, e.g. cents)", "zh-CN": "余额：单次最低充值金额（最小货币单位，如分）", "zh-TW": "餘額：單次最低儲值金額（最小貨幣單位，如分）", "id": "Saldo: isi ulang minimum (satuan terkecil mata uang, mis. sen)", "vi": "Số dư: mức nạp tối thiểu (đơn vị tiền nhỏ nhất, ví dụ xu)"}'::jsonb, '1000'),
  ('sys.balance.topupMax', '{"en": "Balance: largest top-up (minor units, e.g. cents)", "zh-CN": "余额：单次最高充值金额（最小货币单位，如分）", "zh-TW": "餘額：單次最高儲值金額（最小貨幣單位，如分）", "id": "Saldo: isi ulang maksimum (satuan terkecil mata uang, mis. sen)", "vi": "Số dư: mức nạp tối đa (đơn vị tiền nhỏ nhất, ví dụ xu)"}'::jsonb, '10000000')
) AS v(k, n, val)
WHERE EXISTS (SELECT 1 FROM "sys_config")
ON CONFLICT ("config_key") DO NOTHING;
