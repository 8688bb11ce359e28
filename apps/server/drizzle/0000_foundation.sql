CREATE TABLE "sys_site" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"company" varchar(100) NOT NULL,
	"theme_color" varchar(7) DEFAULT '#006eff' NOT NULL,
	"contact_way" varchar(200) DEFAULT '' NOT NULL,
	"agent_code" varchar(64) DEFAULT '' NOT NULL,
	"console_domain" varchar(253) DEFAULT '' NOT NULL,
	"logo1" varchar(500) DEFAULT '' NOT NULL,
	"web_domain" varchar(253) DEFAULT '' NOT NULL,
	"region" varchar(16) DEFAULT '' NOT NULL,
	"currency" char(3) DEFAULT 'CNY' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_site_domain" (
	"domain_name" varchar(253) PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"nick_name" varchar(64) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
ALTER TABLE "sys_site_domain" ADD CONSTRAINT "sys_site_domain_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_site_one_default" ON "sys_site" USING btree ("is_default") WHERE "sys_site"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "sys_site_agent_code" ON "sys_site" USING btree ("agent_code") WHERE "sys_site"."agent_code" <> '';