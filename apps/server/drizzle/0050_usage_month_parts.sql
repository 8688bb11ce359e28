-- A month in which a package's commitment changed (an upgrade paid or refunded during it) is
-- billed part by part: each part's figures (days, 95th percentile, samples) are kept with the month.
ALTER TABLE "biz_usage_month" ADD COLUMN "parts" jsonb;