CREATE TABLE "sys_notification" (
	"notification_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"event" varchar(48) NOT NULL,
	"title" varchar(500) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(1000) DEFAULT '' NOT NULL,
	"mail_id" bigint,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_notification" ADD CONSTRAINT "sys_notification_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notification" ADD CONSTRAINT "sys_notification_mail_id_sys_mail_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."sys_mail"("mail_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_notification_user" ON "sys_notification" USING btree ("user_id","notification_id");--> statement-breakpoint
CREATE INDEX "sys_notification_unread" ON "sys_notification" USING btree ("user_id") WHERE "sys_notification"."read_at" is null;