CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"area_type" text NOT NULL,
	"number" integer,
	"floor_area" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"property_type" text NOT NULL,
	"heated_area" double precision,
	"build_year" integer,
	"time_zone" text DEFAULT 'Europe/Stockholm' NOT NULL,
	"heating_carrier" text DEFAULT 'district-heating' NOT NULL,
	"geo_factor" double precision DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "properties_id_organization" ON "properties" USING btree ("id","organization_id");
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_property_organization_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "areas_property_number_unique" ON "areas" USING btree ("property_id","number");
--> statement-breakpoint
CREATE INDEX "areas_property_type" ON "areas" USING btree ("property_id","area_type");
--> statement-breakpoint
CREATE INDEX "areas_organization" ON "areas" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX "properties_organization" ON "properties" USING btree ("organization_id");