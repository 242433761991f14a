CREATE TABLE "vps2_backup_schedules" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"next_run" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vps2_user_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"upstream_template_id" integer NOT NULL,
	"source_service_id" integer,
	"created_by" integer,
	"custom_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "vps2_backup_schedules" ADD CONSTRAINT "vps2_backup_schedules_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps2_user_templates" ADD CONSTRAINT "vps2_user_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps2_user_templates" ADD CONSTRAINT "vps2_user_templates_source_service_id_services_id_fk" FOREIGN KEY ("source_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps2_user_templates" ADD CONSTRAINT "vps2_user_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vps2_user_templates_upstream_idx" ON "vps2_user_templates" USING btree ("upstream_template_id");--> statement-breakpoint
CREATE INDEX "vps2_user_templates_user_idx" ON "vps2_user_templates" USING btree ("user_id");