-- Hand-written: the operators' menu entry for invoices and credit notes was titled 发票管理 /
-- 發票管理 / Hóa đơn, words that name the official tax invoice (fapiao, VAT e-invoice) Rampart does
-- not issue. Installations seeded earlier get the neutral title a new installation is seeded with,
-- unless an operator has already renamed the entry.
UPDATE "sys_menu"
SET "title" = '{"en":"Billing documents","zh-CN":"单据管理","zh-TW":"單據管理","id":"Dokumen tagihan","vi":"Chứng từ thanh toán"}'::jsonb
WHERE "component" = 'business/invoice/index'
  AND "title" = '{"en":"Invoices","zh-CN":"发票管理","zh-TW":"發票管理","id":"Faktur","vi":"Hóa đơn"}'::jsonb;
