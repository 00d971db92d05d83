ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_cluster_id_clusters_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "audit_events_account_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_user_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_events_account_time_idx" ON "audit_events" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_time_idx" ON "audit_events" USING btree ("account_id","target_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_time_idx" ON "audit_events" USING btree ("account_id","actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_time_idx" ON "audit_events" USING btree ("account_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The person each event is about (issue 35): the user of a user subject, the membership's user of a membership
-- subject; filled in by the database on insert, so every writer gets it (decision 1520).
UPDATE "audit_events" SET "target_user_id" = "subject_id"::uuid
  WHERE "subject_type" = 'user' AND "subject_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "audit_events" e SET "target_user_id" = m."user_id" FROM "memberships" m
  WHERE e."subject_type" = 'membership' AND m."id"::text = e."subject_id";--> statement-breakpoint
-- Never personal content in the trail: the e-mail change events carried addresses.
UPDATE "audit_events" SET "data" = NULL WHERE "action" IN ('email.change', 'email.change.request');--> statement-breakpoint
CREATE FUNCTION "audit_events_fill_target"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."target_user_id" IS NULL
     AND NEW."subject_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    IF NEW."subject_type" = 'user' THEN
      NEW."target_user_id" := NEW."subject_id"::uuid;
    ELSIF NEW."subject_type" = 'membership' THEN
      SELECT m."user_id" INTO NEW."target_user_id" FROM "memberships" m WHERE m."id" = NEW."subject_id"::uuid;
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_fill_target" BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_fill_target"();--> statement-breakpoint
-- Append-only (decision 1521): the app has one database role, the tables' owner, so revoking privileges would
-- not hold; a trigger refuses every UPDATE, DELETE and TRUNCATE. The one delete that passes is the cascade of
-- the account's own deletion (the end of the contract): by then the account row is gone.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = OLD."account_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
