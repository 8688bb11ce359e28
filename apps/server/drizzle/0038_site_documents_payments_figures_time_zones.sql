ALTER TABLE "sys_site" ADD COLUMN "document_title" varchar(32) DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "payment_instructions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "marketing_figures" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "time_zone" varchar(64) DEFAULT '' NOT NULL;