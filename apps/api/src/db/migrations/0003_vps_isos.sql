CREATE TABLE "vps_isos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"upstream_iso_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vps_isos" ADD CONSTRAINT "vps_isos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_isos" ADD CONSTRAINT "vps_isos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vps_isos_uuid_idx" ON "vps_isos" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "vps_isos_user_idx" ON "vps_isos" USING btree ("user_id");