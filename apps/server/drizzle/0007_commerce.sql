CREATE TABLE "biz_coupon" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"max_uses" integer,
	"per_customer" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_coupon_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "biz_coupon_use" (
	"use_id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"deduction" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "biz_coupon_use_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "biz_pay_notify" (
	"notify_id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"order_no" varchar(64),
	"trade_status" varchar(32),
	"outcome" varchar(64) NOT NULL,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_service" (
	"service_id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"agent_code" varchar(64) DEFAULT '' NOT NULL,
	"product" varchar(16) NOT NULL,
	"configuration" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_service_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "biz_order" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biz_order" ADD COLUMN "coupon_code" varchar(32);--> statement-breakpoint
ALTER TABLE "biz_order" ADD COLUMN "trade_no" varchar(64);--> statement-breakpoint
ALTER TABLE "biz_order" ADD COLUMN "handled_by" varchar(64);--> statement-breakpoint
ALTER TABLE "biz_order" ADD COLUMN "handled_note" varchar(500);--> statement-breakpoint
ALTER TABLE "biz_coupon_use" ADD CONSTRAINT "biz_coupon_use_coupon_id_biz_coupon_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."biz_coupon"("coupon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_coupon_use" ADD CONSTRAINT "biz_coupon_use_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_service" ADD CONSTRAINT "biz_service_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_service" ADD CONSTRAINT "biz_service_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_coupon_use_coupon_user" ON "biz_coupon_use" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "biz_pay_notify_order" ON "biz_pay_notify" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "biz_service_user" ON "biz_service" USING btree ("user_id","expires_at");--> statement-breakpoint
ALTER TABLE "biz_order" ADD CONSTRAINT "biz_order_coupon_code_biz_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."biz_coupon"("code") ON DELETE no action ON UPDATE no action;