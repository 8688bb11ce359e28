CREATE TABLE "sys_notice" (
	"notice_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"notice_type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"site_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_notice" ADD CONSTRAINT "sys_notice_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_notice_site_status" ON "sys_notice" USING btree ("site_id","status");