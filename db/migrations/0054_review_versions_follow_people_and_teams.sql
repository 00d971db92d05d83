-- HR analytics' development tab keeps its statement's answer per review version too (issue 34, docs/decisions/
-- 1935). That statement reads beyond reviews and subjects: whether a person is active (memberships' status,
-- deleted_at — and how many are), the team's name (teams' name, deleted_at, or the review's own team_name when
-- the team is gone) and the order of a person's reviews (created_at). The same trigger function (0052) now
-- covers memberships and teams: a row added or removed, or a change of a column read, raises the version.
CREATE OR REPLACE FUNCTION "review_columns_read"(row_data jsonb, tbl text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_object_agg(k, row_data -> k) FROM unnest(CASE tbl
    WHEN 'reviews' THEN ARRAY['account_id', 'cluster_id', 'type', 'is_finished', 'finished_at', 'deleted_at',
      'parent_id', 'source_review_id', 'team_id', 'scale', 'team_name', 'created_at']
    WHEN 'memberships' THEN ARRAY['account_id', 'cluster_id', 'status', 'deleted_at']
    WHEN 'teams' THEN ARRAY['account_id', 'cluster_id', 'name', 'deleted_at']
    ELSE ARRAY['review_id', 'account_id', 'cluster_id', 'membership_id', 'development_role', 'calibrated_role',
      'finished_at'] END) k;
$$;--> statement-breakpoint
-- Insert, update and delete triggers on both tables, each with the transition tables its operation has.
DO $$
DECLARE
  t text;
  op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['memberships', 'teams'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT'
        ' EXECUTE FUNCTION raise_review_versions()', t || '_raise_version_' || op, op, t, CASE op
          WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows OLD TABLE AS old_rows' END);
    END LOOP;
  END LOOP;
END $$;
