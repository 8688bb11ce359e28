ALTER TABLE "biz_order" ADD COLUMN "service_order_no" varchar(32);--> statement-breakpoint
CREATE INDEX "biz_order_service" ON "biz_order" USING btree ("service_order_no");