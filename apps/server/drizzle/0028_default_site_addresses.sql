-- The default site answers for every host no other site claims, addresses included: the
-- addresses the first versions listed as its domains are not host names, and the site could not
-- be saved while they were (a site's domains are host names only).
DELETE FROM "sys_site_domain"
WHERE "domain_name" IN ('127.0.0.1', '::1')
  AND "site_id" IN (SELECT "site_id" FROM "sys_site" WHERE "is_default");
