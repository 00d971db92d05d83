-- Bearer tokens end when their user loses access (issue 37, docs/decisions/1651): a membership that becomes
-- inactive, loses access or is removed, and a user who is removed, end every API session (id 'api.…') of
-- that user. One trigger catches every path that does it (bulk actions, imports, merges, erasure), so a
-- token cannot come back to life when the person is reactivated. Browser sessions are turned away by the
-- tenant query and are not touched here.
CREATE FUNCTION "end_api_sessions_of_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status = 'inactive' AND OLD.status IS DISTINCT FROM 'inactive')
     OR (NOT NEW.access AND OLD.access)
     OR (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) THEN
    DELETE FROM sessions WHERE user_id = NEW.user_id AND id LIKE 'api.%';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_end_api_sessions" AFTER UPDATE OF status, access, deleted_at ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "end_api_sessions_of_membership"();--> statement-breakpoint
CREATE FUNCTION "end_api_sessions_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    DELETE FROM sessions WHERE user_id = NEW.id AND id LIKE 'api.%';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_end_api_sessions" AFTER UPDATE OF deleted_at ON "users"
  FOR EACH ROW EXECUTE FUNCTION "end_api_sessions_of_user"();
