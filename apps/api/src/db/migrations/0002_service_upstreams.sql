ALTER TABLE "services" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "upstream_id" text;