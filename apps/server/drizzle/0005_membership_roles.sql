-- Roles move from the user to each membership (docs/accounts.md "People and roles"): everyone
-- keeps, in every organization they belong to, the role they had.
ALTER TABLE "organization_memberships" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
UPDATE "organization_memberships" SET "role" = "users"."role" FROM "users" WHERE "users"."id" = "organization_memberships"."user_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
