-- Hand-written. A site with an agent code numbers its receipts and invoices after it (LOTUS-000001),
-- as new sites and new installations do. Installations seeded between migration 0026 (which moved
-- the sites existing then) and that rule kept the demo brand on the default INV-, the default
-- site's sequence, so its first document was INV-000002. Moved only where nothing has been issued
-- under the site's prefix yet (no number on paper changes) and the new prefix is nobody's: a site
-- that has issued documents keeps its numbering; its operator may change it in System → Sites.
UPDATE "sys_site" s
SET "invoice_prefix" = left(upper(s."agent_code"), 15) || '-', "updated_at" = now()
WHERE s."agent_code" <> ''
  AND s."invoice_prefix" = 'INV-'
  AND NOT EXISTS (SELECT 1 FROM "biz_invoice" i WHERE i."site_id" = s."site_id")
  AND NOT EXISTS (
    SELECT 1 FROM "biz_invoice_sequence" q WHERE q."prefix" = left(upper(s."agent_code"), 15) || '-'
  )
  AND NOT EXISTS (
    SELECT 1 FROM "sys_site" o
    WHERE o."site_id" <> s."site_id"
      AND (o."invoice_prefix" = left(upper(s."agent_code"), 15) || '-'
        OR left(upper(o."agent_code"), 15) = left(upper(s."agent_code"), 15))
  );
