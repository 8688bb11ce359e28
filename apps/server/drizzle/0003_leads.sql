CREATE TABLE "biz_lead" (
	"lead_id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"address" varchar(300) NOT NULL,
	"content" text NOT NULL,
	"product" varchar(40) DEFAULT '' NOT NULL,
	"site_id" integer,
	"agent_code" varchar(64) DEFAULT '' NOT NULL,
	"language" varchar(8) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_lead" ADD CONSTRAINT "biz_lead_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_lead_ip_time" ON "biz_lead" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "biz_lead_site_status" ON "biz_lead" USING btree ("site_id","status");