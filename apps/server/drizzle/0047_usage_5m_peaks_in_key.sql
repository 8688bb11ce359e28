-- The range's 95th percentile of the 5-minute peaks (the usage page, the month's billing) reads
-- the peaks from the primary key's index alone (an index-only scan) instead of one heap page per
-- bucket: a series' buckets lie among every other series' (a batch writes one bucket of each).
-- Measured with 200 packages × 5 series × 35 days loaded: 13 ms → 2 ms for 30 days' percentile.
ALTER TABLE "biz_usage_5m" DROP CONSTRAINT "biz_usage_5m_service_id_domain_bucket_pk";
--> statement-breakpoint
ALTER TABLE "biz_usage_5m" ADD CONSTRAINT "biz_usage_5m_service_id_domain_bucket_pk" PRIMARY KEY ("service_id", "domain", "bucket") INCLUDE ("peak_bps");
