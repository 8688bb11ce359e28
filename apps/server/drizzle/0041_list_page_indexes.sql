DROP INDEX "sys_mail_site";--> statement-breakpoint
DROP INDEX "sys_oper_log_time";--> statement-breakpoint
CREATE INDEX "biz_invoice_time" ON "biz_invoice" USING btree ("issued_at","invoice_id");--> statement-breakpoint
CREATE INDEX "biz_invoice_kind" ON "biz_invoice" USING btree ("kind","issued_at","invoice_id");--> statement-breakpoint
CREATE INDEX "biz_order_site_time" ON "biz_order" USING btree ("site_id","created_at","order_id");--> statement-breakpoint
CREATE INDEX "biz_order_status_time" ON "biz_order" USING btree ("status","created_at","order_id");--> statement-breakpoint
CREATE INDEX "biz_service_expiry" ON "biz_service" USING btree ("expires_at","service_id");--> statement-breakpoint
CREATE INDEX "biz_service_site" ON "biz_service" USING btree ("site_id","expires_at","service_id");--> statement-breakpoint
CREATE INDEX "sys_mail_status" ON "sys_mail" USING btree ("status","mail_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_site" ON "sys_oper_log" USING btree ("site_id","created_at","oper_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_module" ON "sys_oper_log" USING btree ("module","created_at","oper_id");--> statement-breakpoint
CREATE INDEX "sys_mail_site" ON "sys_mail" USING btree ("site_id","mail_id");--> statement-breakpoint
CREATE INDEX "sys_oper_log_time" ON "sys_oper_log" USING btree ("created_at","oper_id");