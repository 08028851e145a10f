ALTER TABLE "readings" DROP CONSTRAINT "readings_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "use_daily" DROP CONSTRAINT "use_daily_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "use_hourly" DROP CONSTRAINT "use_hourly_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "use_monthly" DROP CONSTRAINT "use_monthly_device_id_devices_id_fk";
--> statement-breakpoint
-- A deleted device's readings and rollups go with it (they have no foreign key, for the ingest's
-- speed): one statement per deleting statement, cascades from areas, properties and
-- organizations included.
CREATE FUNCTION "delete_telemetry_of_deleted_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "readings" WHERE "device_id" IN (SELECT "id" FROM "deleted_devices");
  DELETE FROM "use_hourly" WHERE "device_id" IN (SELECT "id" FROM "deleted_devices");
  DELETE FROM "use_daily" WHERE "device_id" IN (SELECT "id" FROM "deleted_devices");
  DELETE FROM "use_monthly" WHERE "device_id" IN (SELECT "id" FROM "deleted_devices");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_delete_telemetry" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS "deleted_devices" FOR EACH STATEMENT
  EXECUTE FUNCTION "delete_telemetry_of_deleted_devices"();
