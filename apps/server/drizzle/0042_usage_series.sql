CREATE TABLE "biz_attack_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"attack_id" varchar(100) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"target" varchar(253) NOT NULL,
	"vector" varchar(100) NOT NULL,
	"peak_bps" bigint NOT NULL,
	"peak_pps" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_usage_5m" (
	"service_id" bigint NOT NULL,
	"domain" varchar(253) DEFAULT '' NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_origin" bigint NOT NULL,
	"requests" bigint NOT NULL,
	"cached_requests" bigint NOT NULL,
	"cached_bytes" bigint NOT NULL,
	"status_2xx" bigint NOT NULL,
	"status_3xx" bigint NOT NULL,
	"status_4xx" bigint NOT NULL,
	"status_5xx" bigint NOT NULL,
	"peak_bps" bigint NOT NULL,
	"waf_blocked" bigint NOT NULL,
	"ddos_bytes" bigint NOT NULL,
	"ddos_packets" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_usage_5m_service_id_domain_bucket_pk" PRIMARY KEY("service_id","domain","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "biz_usage_daily" (
	"service_id" bigint NOT NULL,
	"domain" varchar(253) DEFAULT '' NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_origin" bigint NOT NULL,
	"requests" bigint NOT NULL,
	"cached_requests" bigint NOT NULL,
	"cached_bytes" bigint NOT NULL,
	"status_2xx" bigint NOT NULL,
	"status_3xx" bigint NOT NULL,
	"status_4xx" bigint NOT NULL,
	"status_5xx" bigint NOT NULL,
	"peak_bps" bigint NOT NULL,
	"waf_blocked" bigint NOT NULL,
	"ddos_bytes" bigint NOT NULL,
	"ddos_packets" bigint NOT NULL,
	CONSTRAINT "biz_usage_daily_service_id_domain_day_pk" PRIMARY KEY("service_id","domain","day")
);
--> statement-breakpoint
CREATE TABLE "biz_usage_hourly" (
	"service_id" bigint NOT NULL,
	"domain" varchar(253) DEFAULT '' NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_origin" bigint NOT NULL,
	"requests" bigint NOT NULL,
	"cached_requests" bigint NOT NULL,
	"cached_bytes" bigint NOT NULL,
	"status_2xx" bigint NOT NULL,
	"status_3xx" bigint NOT NULL,
	"status_4xx" bigint NOT NULL,
	"status_5xx" bigint NOT NULL,
	"peak_bps" bigint NOT NULL,
	"waf_blocked" bigint NOT NULL,
	"ddos_bytes" bigint NOT NULL,
	"ddos_packets" bigint NOT NULL,
	CONSTRAINT "biz_usage_hourly_service_id_domain_hour_pk" PRIMARY KEY("service_id","domain","hour")
);
--> statement-breakpoint
CREATE TABLE "biz_usage_month" (
	"service_id" bigint NOT NULL,
	"month" varchar(10) NOT NULL,
	"p95_bps" bigint NOT NULL,
	"samples" integer NOT NULL,
	"bytes_out" bigint NOT NULL,
	"alerts_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overage_order_no" varchar(32),
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "biz_usage_month_service_id_month_pk" PRIMARY KEY("service_id","month")
);
--> statement-breakpoint
CREATE TABLE "biz_usage_top" (
	"service_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"rank" integer NOT NULL,
	"key" varchar(2000) NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "biz_usage_top_service_id_day_kind_rank_pk" PRIMARY KEY("service_id","day","kind","rank")
);
--> statement-breakpoint
ALTER TABLE "biz_attack_event" ADD CONSTRAINT "biz_attack_event_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_usage_month" ADD CONSTRAINT "biz_usage_month_service_id_biz_service_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."biz_service"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biz_attack_event_platform_id" ON "biz_attack_event" USING btree ("service_id","attack_id");--> statement-breakpoint
CREATE INDEX "biz_attack_event_at" ON "biz_attack_event" USING btree ("service_id","started_at");