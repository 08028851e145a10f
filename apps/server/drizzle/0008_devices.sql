-- Devices and their log (issue 11). The areas' unique (id, property, organization) comes first:
-- the devices' foreign key references it.
CREATE TABLE "device_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"device_type" text NOT NULL,
	"id_number" text NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"device_type" text NOT NULL,
	"id_number" text NOT NULL,
	"id_key" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text,
	"main" boolean DEFAULT false NOT NULL,
	"slot_count" integer,
	"id_format_confirmed" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"gateway_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_property_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_id_property_organization" ON "areas" USING btree ("id","property_id","organization_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_fk" FOREIGN KEY ("area_id","property_id","organization_id") REFERENCES "public"."areas"("id","property_id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "device_logs_property_time" ON "device_logs" USING btree ("property_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "device_logs_device" ON "device_logs" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_organization_id_key" ON "devices" USING btree ("organization_id","id_key");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_gateway_key_hash" ON "devices" USING btree ("gateway_key_hash");--> statement-breakpoint
CREATE INDEX "devices_area" ON "devices" USING btree ("area_id","device_type");--> statement-breakpoint
CREATE INDEX "devices_property" ON "devices" USING btree ("property_id","device_type");