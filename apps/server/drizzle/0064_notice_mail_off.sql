CREATE TABLE "sys_notice_mail_off" (
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	CONSTRAINT "sys_notice_mail_off_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sys_notice_mail_off" ADD CONSTRAINT "sys_notice_mail_off_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;