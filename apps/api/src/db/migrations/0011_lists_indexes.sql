DROP INDEX "invoices_user_idx";--> statement-breakpoint
DROP INDEX "services_user_idx";--> statement-breakpoint
DROP INDEX "tickets_user_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_unpaid_idx" ON "invoices" USING btree ("user_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "invoices"."status" = 'Unpaid';--> statement-breakpoint
CREATE INDEX "services_user_domain_idx" ON "services" USING btree ("user_id",lower("domain") collate "C","id");--> statement-breakpoint
CREATE INDEX "services_user_ip_idx" ON "services" USING btree ("user_id",lower("dedicated_ip") collate "C","id");--> statement-breakpoint
CREATE INDEX "services_user_price_idx" ON "services" USING btree ("user_id","recurring_amount_cents","id");--> statement-breakpoint
CREATE INDEX "services_user_due_idx" ON "services" USING btree ("user_id",coalesce("next_due_date", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "services_user_due_desc_idx" ON "services" USING btree ("user_id",coalesce("next_due_date", '-infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "services_user_status_idx" ON "services" USING btree ("user_id","status" collate "C","id");--> statement-breakpoint
CREATE INDEX "tickets_user_subject_idx" ON "tickets" USING btree ("user_id",lower("subject") collate "C","id");--> statement-breakpoint
CREATE INDEX "tickets_user_status_idx" ON "tickets" USING btree ("user_id","status" collate "C","id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_user_idx" ON "services" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","last_reply_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);