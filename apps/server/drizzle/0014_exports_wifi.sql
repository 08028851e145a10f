CREATE TABLE "data_export_chunks" (
	"export_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "data_export_chunks_export_id_run_id_seq_pk" PRIMARY KEY("export_id","run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"areas" uuid[] NOT NULL,
	"area_types" text[] NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"types" text[] NOT NULL,
	"style" text NOT NULL,
	"resolution" text NOT NULL,
	"fields" text[] NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"file_run_id" uuid,
	"file_name" text,
	"size" bigint,
	"rows" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wifi_networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"ssid" text NOT NULL,
	"password_ciphertext" "bytea",
	"security" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_export_chunks" ADD CONSTRAINT "data_export_chunks_export_id_data_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_property_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "wifi_networks" ADD CONSTRAINT "wifi_networks_property_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "data_exports_property_created" ON "data_exports" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_status" ON "data_exports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wifi_networks_property" ON "wifi_networks" USING btree ("property_id","ssid");