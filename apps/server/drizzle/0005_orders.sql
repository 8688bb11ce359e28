CREATE TABLE "biz_order" (
	"order_id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"agent_code" varchar(64) DEFAULT '' NOT NULL,
	"product" varchar(16) NOT NULL,
	"action" varchar(16) NOT NULL,
	"configuration" jsonb NOT NULL,
	"currency" char(3) NOT NULL,
	"original_price" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"coupon_deduction" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"pay_method" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'unpaid' NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "biz_order_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "biz_order" ADD CONSTRAINT "biz_order_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_order" ADD CONSTRAINT "biz_order_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_order_user_idempotency" ON "biz_order" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "biz_order_user_time" ON "biz_order" USING btree ("user_id","created_at");