CREATE TABLE "property_prices" (
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"device_type" text NOT NULL,
	"per_unit" numeric NOT NULL,
	"fixed_per_month" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "property_prices_property_id_device_type_pk" PRIMARY KEY("property_id","device_type")
);
--> statement-breakpoint
ALTER TABLE "property_prices" ADD CONSTRAINT "property_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_prices" ADD CONSTRAINT "property_prices_property_organization_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;