CREATE TABLE "biz_auto_renewal_attempt" (
	"order_no" varchar(32) NOT NULL,
	"day" varchar(10) NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_auto_renewal_attempt_order_no_day_pk" PRIMARY KEY("order_no","day")
);
--> statement-breakpoint
ALTER TABLE "biz_service" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "auto_renew_new" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "biz_auto_renewal_attempt" ADD CONSTRAINT "biz_auto_renewal_attempt_order_no_biz_order_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."biz_order"("order_no") ON DELETE no action ON UPDATE no action;