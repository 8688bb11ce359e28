-- Each check is now counted in its hour as it is kept (monitor-hours.ts); until now only checks
-- older than 30 days were, when they were removed. The checks still kept are added to their hours.
INSERT INTO "biz_monitor_hourly" ("monitor_id", "hour", "checks", "failures", "total_ms", "max_ms")
SELECT "monitor_id", date_trunc('hour', "checked_at", 'UTC'), count(*), count(*) FILTER (WHERE NOT "ok"),
       coalesce(sum("response_ms") FILTER (WHERE "ok"), 0), coalesce(max("response_ms") FILTER (WHERE "ok"), 0)
FROM "biz_monitor_result"
GROUP BY 1, 2
ON CONFLICT ("monitor_id", "hour") DO UPDATE SET
  "checks" = "biz_monitor_hourly"."checks" + excluded."checks",
  "failures" = "biz_monitor_hourly"."failures" + excluded."failures",
  "total_ms" = "biz_monitor_hourly"."total_ms" + excluded."total_ms",
  "max_ms" = greatest("biz_monitor_hourly"."max_ms", excluded."max_ms");
