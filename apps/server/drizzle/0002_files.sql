CREATE TABLE "sys_file" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"content_type" varchar(100) NOT NULL,
	"extension" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_owner_id_sys_user_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_file_owner" ON "sys_file" USING btree ("owner_id");