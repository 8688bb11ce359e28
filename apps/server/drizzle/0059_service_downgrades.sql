CREATE TABLE "biz_service_downgrade" (
	"downgrade_id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_configuration" jsonb NOT NULL,
	"to_configuration" jsonb NOT NULL,
	"days_left" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"credit" bigint NOT NULL,
	"made_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biz_service_downgrade" ADD CONSTRAINT "biz_service_downgrade_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_service_downgrade" ADD CONSTRAINT "biz_service_downgrade_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biz_service_downgrade_service" ON "biz_service_downgrade" USING btree ("service_id");