CREATE TABLE "sys_mail" (
	"mail_id" bigserial PRIMARY KEY NOT NULL,
	"message_id" varchar(255) NOT NULL,
	"site_id" integer,
	"event" varchar(48) NOT NULL,
	"language" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(500) NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sys_mail_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "mail_sender_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "mail_reply_to" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_site" ADD COLUMN "sales_emails" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_mail" ADD CONSTRAINT "sys_mail_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_token" ADD CONSTRAINT "sys_user_token_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_mail_created" ON "sys_mail" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sys_mail_site" ON "sys_mail" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sys_user_token_user" ON "sys_user_token" USING btree ("user_id","purpose");