CREATE TABLE "config_option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"disk_layouts" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"monthly_price_cents" integer,
	"quarterly_price_cents" integer,
	"semiannually_price_cents" integer,
	"annually_price_cents" integer,
	"biennially_price_cents" integer,
	"triennially_price_cents" integer,
	"monthly_setup_cents" integer DEFAULT 0 NOT NULL,
	"quarterly_setup_cents" integer DEFAULT 0 NOT NULL,
	"semiannually_setup_cents" integer DEFAULT 0 NOT NULL,
	"annually_setup_cents" integer DEFAULT 0 NOT NULL,
	"biennially_setup_cents" integer DEFAULT 0 NOT NULL,
	"triennially_setup_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT '1' NOT NULL,
	"role" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "os_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"disk_layouts" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "os_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_os_templates" (
	"product_id" integer NOT NULL,
	"os_template_id" integer NOT NULL,
	CONSTRAINT "product_os_templates_product_id_os_template_id_pk" PRIMARY KEY("product_id","os_template_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"percent_bp" integer,
	"amount_cents" integer,
	"recurring" boolean DEFAULT false NOT NULL,
	"recur_for" integer DEFAULT 0 NOT NULL,
	"cycles" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"max_uses" integer DEFAULT 0 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"starts_on" date,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_value_by_type" CHECK (("promo_codes"."type" = 'Percentage' and "promo_codes"."percent_bp" between 1 and 10000 and "promo_codes"."amount_cents" is null)
        or ("promo_codes"."type" = 'Fixed Amount' and "promo_codes"."amount_cents" > 0 and "promo_codes"."percent_bp" is null)),
	CONSTRAINT "promo_codes_uses_sane" CHECK ("promo_codes"."uses" >= 0 and "promo_codes"."max_uses" >= 0 and "promo_codes"."recur_for" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_id" integer NOT NULL,
	"placed_by" integer,
	"status" text DEFAULT 'Pending' NOT NULL,
	"invoice_id" integer,
	"amount_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"promo_code_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"fraud_score" integer DEFAULT 0 NOT NULL,
	"fraud_hits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_provisioning" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"root_password_encrypted" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim" jsonb,
	"last_error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quarterly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "semiannually_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "annually_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "biennially_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "triennially_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "monthly_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quarterly_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "semiannually_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "annually_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "biennially_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "triennially_setup_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_control" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drive_bays" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "provisioning" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "promo_renewals_left" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "undiscounted_recurring_cents" integer;--> statement-breakpoint
ALTER TABLE "config_option_values" ADD CONSTRAINT "config_option_values_option_id_config_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."config_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_options" ADD CONSTRAINT "config_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_fields" ADD CONSTRAINT "product_custom_fields_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_os_templates" ADD CONSTRAINT "product_os_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_os_templates" ADD CONSTRAINT "product_os_templates_os_template_id_os_templates_id_fk" FOREIGN KEY ("os_template_id") REFERENCES "public"."os_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provisioning" ADD CONSTRAINT "service_provisioning_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provisioning" ADD CONSTRAINT "service_provisioning_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_option_values_option_idx" ON "config_option_values" USING btree ("option_id","sort_order");--> statement-breakpoint
CREATE INDEX "config_options_product_idx" ON "config_options" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_custom_fields_unique" ON "product_custom_fields" USING btree ("product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_ip_idx" ON "orders" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "service_provisioning_order_idx" ON "service_provisioning" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "service_provisioning_open_idx" ON "service_provisioning" USING btree ("state") WHERE "service_provisioning"."state" in ('waiting', 'running');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock_level" >= 0);