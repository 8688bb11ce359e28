CREATE TABLE "biz_lead_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"from_status" varchar(16) NOT NULL,
	"to_status" varchar(16) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"by_user" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_lead_event" ADD CONSTRAINT "biz_lead_event_lead_id_biz_lead_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."biz_lead"("lead_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_lead_event_lead" ON "biz_lead_event" USING btree ("lead_id","at");