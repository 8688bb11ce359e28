CREATE TABLE "biz_balance" (
	"balance_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_balance_not_negative" CHECK ("biz_balance"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "biz_balance_entry" (
	"entry_id" bigserial PRIMARY KEY NOT NULL,
	"balance_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"reverses" bigint,
	"made_by" varchar(64) NOT NULL,
	"note" varchar(500),
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_balance_entry_not_zero" CHECK ("biz_balance_entry"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "biz_balance" ADD CONSTRAINT "biz_balance_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_balance_entry" ADD CONSTRAINT "biz_balance_entry_balance_id_biz_balance_balance_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."biz_balance"("balance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_balance_user_currency" ON "biz_balance" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "biz_balance_entry_kind_reference" ON "biz_balance_entry" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "biz_balance_entry_balance" ON "biz_balance_entry" USING btree ("balance_id","entry_id");--> statement-breakpoint
-- The ledger is appended to, never changed: a mistake is answered by a reversing entry.
CREATE FUNCTION "biz_balance_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'biz_balance_entry is append-only: post a reversal instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER "biz_balance_entry_append_only" BEFORE UPDATE OR DELETE ON "biz_balance_entry"
  FOR EACH ROW EXECUTE FUNCTION "biz_balance_entry_append_only"();
