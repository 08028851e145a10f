CREATE TABLE "demo_feeds" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	"generated_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_feeds" ADD CONSTRAINT "demo_feeds_property_fk" FOREIGN KEY ("property_id","organization_id") REFERENCES "public"."properties"("id","organization_id") ON DELETE cascade ON UPDATE cascade;