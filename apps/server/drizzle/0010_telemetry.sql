CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"old_final" double precision NOT NULL,
	"new_first" double precision NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"prev_at" timestamp with time zone,
	"use" double precision DEFAULT 0 NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_device_id_at_pk" PRIMARY KEY("device_id","at")
);
--> statement-breakpoint
CREATE TABLE "use_daily" (
	"device_id" uuid NOT NULL,
	"use" double precision NOT NULL,
	"estimated_use" double precision DEFAULT 0 NOT NULL,
	"simulated_use" double precision DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "use_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "use_hourly" (
	"device_id" uuid NOT NULL,
	"use" double precision NOT NULL,
	"estimated_use" double precision DEFAULT 0 NOT NULL,
	"simulated_use" double precision DEFAULT 0 NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "use_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE TABLE "use_monthly" (
	"device_id" uuid NOT NULL,
	"use" double precision NOT NULL,
	"estimated_use" double precision DEFAULT 0 NOT NULL,
	"simulated_use" double precision DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "use_monthly_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
ALTER TABLE "device_logs" ADD COLUMN "meter_event" text;--> statement-breakpoint
ALTER TABLE "device_logs" ADD COLUMN "meter_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "offline_after_minutes" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_fk" FOREIGN KEY ("device_id","organization_id") REFERENCES "public"."devices"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_property_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "meter_replacements" ADD CONSTRAINT "meter_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_replacements" ADD CONSTRAINT "meter_replacements_device_fk" FOREIGN KEY ("device_id","organization_id") REFERENCES "public"."devices"("id","organization_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_daily" ADD CONSTRAINT "use_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_hourly" ADD CONSTRAINT "use_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_monthly" ADD CONSTRAINT "use_monthly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open" ON "alerts" USING btree ("device_id","kind") WHERE "alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_property_started" ON "alerts" USING btree ("property_id","started_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "meter_replacements_device_at" ON "meter_replacements" USING btree ("device_id","at");