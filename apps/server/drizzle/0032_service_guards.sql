ALTER TABLE "biz_certificate" ADD COLUMN "issue_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_monitor" ADD COLUMN "check_requested_at" timestamp with time zone;