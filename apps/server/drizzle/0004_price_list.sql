CREATE TABLE "biz_price_list" (
	"currency" char(3) PRIMARY KEY NOT NULL,
	"catalogue" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
