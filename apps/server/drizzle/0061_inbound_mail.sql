CREATE TABLE "biz_inbound_mail" (
	"inbound_id" bigserial PRIMARY KEY NOT NULL,
	"via" varchar(8) NOT NULL,
	"mail_from" varchar(254) NOT NULL,
	"rcpt_to" varchar(1000) NOT NULL,
	"subject" varchar(500) DEFAULT '' NOT NULL,
	"message_id" varchar(255) DEFAULT '' NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"reason" varchar(48) DEFAULT '' NOT NULL,
	"ticket_id" bigint,
	"size" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_mail" ADD COLUMN "reply_to" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_inbound_mail" ADD CONSTRAINT "biz_inbound_mail_ticket_id_biz_ticket_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."biz_ticket"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_inbound_mail_message" ON "biz_inbound_mail" USING btree ("message_id") WHERE "biz_inbound_mail"."message_id" <> '';--> statement-breakpoint
CREATE INDEX "biz_inbound_mail_received" ON "biz_inbound_mail" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_ticket_department_email" ON "biz_ticket_department" USING btree (lower("email")) WHERE "biz_ticket_department"."email" <> '';