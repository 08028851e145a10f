-- Installation images and PIN codes (issue 12). The devices' unique (id, organization) comes
-- first: both tables' foreign keys reference it.
CREATE UNIQUE INDEX "devices_id_organization" ON "devices" USING btree ("id","organization_id");--> statement-breakpoint
CREATE TABLE "device_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"thumbnail_content_type" text NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"file_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"code_ciphertext" "bytea",
	"status" text DEFAULT 'enabled' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sync" text DEFAULT 'pending' NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_logs" ADD COLUMN "pin_slot" integer;--> statement-breakpoint
ALTER TABLE "device_logs" ADD COLUMN "pin_change" text;--> statement-breakpoint
ALTER TABLE "device_images" ADD CONSTRAINT "device_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_images" ADD CONSTRAINT "device_images_device_fk" FOREIGN KEY ("device_id","organization_id") REFERENCES "public"."devices"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pin_codes" ADD CONSTRAINT "pin_codes_device_fk" FOREIGN KEY ("device_id","organization_id") REFERENCES "public"."devices"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "device_images_device_time" ON "device_images" USING btree ("device_id","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "pin_codes_device_slot" ON "pin_codes" USING btree ("device_id","slot");--> statement-breakpoint
CREATE INDEX "pin_codes_pending" ON "pin_codes" USING btree ("device_id") WHERE "pin_codes"."sync" = 'pending';