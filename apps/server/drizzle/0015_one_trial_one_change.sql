ALTER TABLE "biz_order" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: the earliest free trial of each customer and product is the one the index holds
-- (trials taken twice by the race this migration closes stay as they were, unmarked).
UPDATE "biz_order" SET "is_trial" = true WHERE "order_id" IN (
  SELECT DISTINCT ON ("user_id", "product") "order_id" FROM "biz_order"
  WHERE "action" = 'new' AND "amount" = 0 ORDER BY "user_id", "product", "created_at", "order_id"
);--> statement-breakpoint
-- Hand-written: a service with several unpaid changes (the same race) keeps its earliest; the
-- others are closed, as an unpaid order that ran out of time would be.
UPDATE "biz_order" SET "status" = 'closed', "closed_at" = now(),
  "handled_note" = 'Closed on upgrade: another unpaid change of the same service came first'
WHERE "status" = 'unpaid' AND "service_order_no" IS NOT NULL AND "order_id" NOT IN (
  SELECT DISTINCT ON ("service_order_no") "order_id" FROM "biz_order"
  WHERE "status" = 'unpaid' AND "service_order_no" IS NOT NULL
  ORDER BY "service_order_no", "created_at", "order_id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "biz_order_one_trial" ON "biz_order" USING btree ("user_id","product") WHERE "biz_order"."is_trial";--> statement-breakpoint
CREATE UNIQUE INDEX "biz_order_one_unpaid_change" ON "biz_order" USING btree ("service_order_no") WHERE "biz_order"."status" = 'unpaid' and "biz_order"."service_order_no" is not null;