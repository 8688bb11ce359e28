-- Free trials are counted per mailbox (modules/orders/trial-mailbox.ts): case, a sub-address
-- (x+1@) and, at gmail.com and googlemail.com, dots are one mailbox. The trials kept before are
-- keyed the same way here; where two keys become one, the earliest trial stays.
CREATE TEMP TABLE "trial_mailbox_keys" AS
WITH "addresses" AS (
  SELECT "site_key", "email", "product", "order_no", "created_at", lower(trim("email")) AS "address"
  FROM "biz_trial_use"
), "parts" AS (
  SELECT *,
    CASE WHEN "address" ~ '^.+@[^@]*$' THEN regexp_replace("address", '@[^@]*$', '') END AS "local",
    CASE WHEN "address" ~ '^.+@[^@]*$' THEN regexp_replace(substring("address" from '@([^@]*)$'), '\.$', '') END AS "domain"
  FROM "addresses"
), "unplussed" AS (
  SELECT *,
    CASE WHEN strpos("local", '+') > 1 THEN left("local", strpos("local", '+') - 1) ELSE "local" END AS "name"
  FROM "parts"
), "keyed" AS (
  SELECT "site_key", "email", "product", "order_no", "created_at",
    CASE
      WHEN "local" IS NULL THEN "address"
      WHEN "domain" IN ('gmail.com', 'googlemail.com') THEN replace("name", '.', '') || '@gmail.com'
      ELSE "name" || '@' || "domain"
    END AS "mailbox"
  FROM "unplussed"
)
SELECT *, row_number() OVER (PARTITION BY "site_key", "product", "mailbox" ORDER BY "created_at", "order_no") AS "rank"
FROM "keyed";
--> statement-breakpoint
DELETE FROM "biz_trial_use" AS t USING "trial_mailbox_keys" AS k
WHERE k."rank" > 1 AND t."site_key" = k."site_key" AND t."email" = k."email" AND t."product" = k."product";
--> statement-breakpoint
UPDATE "biz_trial_use" AS t SET "email" = k."mailbox"
FROM "trial_mailbox_keys" AS k
WHERE k."rank" = 1 AND t."site_key" = k."site_key" AND t."email" = k."email" AND t."product" = k."product"
  AND t."email" <> k."mailbox";
--> statement-breakpoint
DROP TABLE "trial_mailbox_keys";
