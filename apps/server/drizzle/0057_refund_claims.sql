CREATE TABLE "biz_refund_claim" (
	"order_no" varchar(32) PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
