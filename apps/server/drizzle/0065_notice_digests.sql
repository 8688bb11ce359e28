ALTER TABLE "sys_notification" ADD COLUMN "mail_state" varchar(10) DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_notification" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sys_notification_held" ON "sys_notification" USING btree ("user_id","kind") WHERE "sys_notification"."mail_state" = 'held';