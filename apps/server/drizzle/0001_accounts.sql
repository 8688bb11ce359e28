CREATE TABLE "sys_captcha_use" (
	"challenge_id" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"config_key" varchar(100) PRIMARY KEY NOT NULL,
	"config_name" jsonb NOT NULL,
	"config_value" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_data" (
	"dict_code" serial PRIMARY KEY NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"dict_label" jsonb NOT NULL,
	"dict_value" varchar(100) NOT NULL,
	"list_class" varchar(32) DEFAULT 'default' NOT NULL,
	"css_class" varchar(100) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"dict_type" varchar(100) PRIMARY KEY NOT NULL,
	"dict_name" jsonb NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"message" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"menu_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"menu_type" char(1) NOT NULL,
	"title" jsonb NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"component" varchar(200) DEFAULT '' NOT NULL,
	"route_name" varchar(64) DEFAULT '' NOT NULL,
	"query" varchar(255) DEFAULT '' NOT NULL,
	"perms" varchar(100) DEFAULT '' NOT NULL,
	"icon" varchar(100) DEFAULT '' NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"is_cache" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_key" varchar(64) NOT NULL,
	"role_name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" char(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_role_role_key_unique" UNIQUE("role_key")
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "login_ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "login_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_dict_data" ADD CONSTRAINT "sys_dict_data_dict_type_sys_dict_type_dict_type_fk" FOREIGN KEY ("dict_type") REFERENCES "public"."sys_dict_type"("dict_type") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_value" ON "sys_dict_data" USING btree ("dict_type","dict_value");--> statement-breakpoint
CREATE INDEX "sys_login_log_user_time" ON "sys_login_log" USING btree ("user_name","created_at");--> statement-breakpoint
CREATE INDEX "sys_menu_parent" ON "sys_menu" USING btree ("parent_id","order_num");--> statement-breakpoint
CREATE INDEX "sys_session_user" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_site_id_sys_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sys_site"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_name_lower" ON "sys_user" USING btree (lower("user_name"));