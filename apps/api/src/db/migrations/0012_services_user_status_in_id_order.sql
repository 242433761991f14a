DROP INDEX "services_user_idx";--> statement-breakpoint
CREATE INDEX "services_user_idx" ON "services" USING btree ("user_id","id","status");