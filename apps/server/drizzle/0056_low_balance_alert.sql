ALTER TABLE "biz_balance" ADD COLUMN "low_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "low_balance_threshold" bigint;