-- HR analytics' review completion is kept per review version too (issue 34, docs/decisions/1930), so the
-- version also follows what it reads beyond 0052's and 0054's columns: a review's deadline and name, a
-- (self-review) subject's team, and the per-review counts in review_team_stats — a change of `subjects`, or of
-- `complete_subjects` of a finished review (a running review's counts move with every score and are not
-- read). The rounds' created_at and the teams' names 0054 follows already.
CREATE OR REPLACE FUNCTION "review_columns_read"(row_data jsonb, tbl text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_object_agg(k, row_data -> k) FROM unnest(CASE tbl
    WHEN 'reviews' THEN ARRAY['account_id', 'cluster_id', 'type', 'is_finished', 'finished_at', 'deleted_at',
      'parent_id', 'source_review_id', 'team_id', 'scale', 'team_name', 'created_at', 'deadline', 'name']
    WHEN 'memberships' THEN ARRAY['account_id', 'cluster_id', 'status', 'deleted_at']
    WHEN 'teams' THEN ARRAY['account_id', 'cluster_id', 'name', 'deleted_at']
    ELSE ARRAY['review_id', 'account_id', 'cluster_id', 'membership_id', 'development_role', 'calibrated_role',
      'finished_at', 'team_id'] END) k;
$$;--> statement-breakpoint
-- Team review counts: a row added or removed, or a count that completion reads changed. The table has no
-- cluster: it is its review's (a review already gone raises nothing — its removal raised it).
CREATE FUNCTION "raise_review_version_of_stats"(old_stats jsonb, new_stats jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT raise_review_version_of(ARRAY(
    SELECT DISTINCT r.cluster_id
    FROM jsonb_to_recordset(coalesce(old_stats, '[]') || coalesce(new_stats, '[]'))
      x(review_id uuid, subjects int, complete_subjects int)
    JOIN reviews r ON r.id = x.review_id
    WHERE old_stats IS NULL OR new_stats IS NULL OR x.review_id IN (
      SELECT o.review_id FROM jsonb_to_recordset(old_stats) o(review_id uuid, subjects int, complete_subjects int)
      JOIN jsonb_to_recordset(new_stats) n(review_id uuid, subjects int, complete_subjects int)
        ON n.review_id = o.review_id
      WHERE o.subjects IS DISTINCT FROM n.subjects
        OR (r.is_finished AND o.complete_subjects IS DISTINCT FROM n.complete_subjects))));
$$;--> statement-breakpoint
-- Its own trigger function (raise_review_versions, 0052, stays the one for reviews, subjects and scores).
CREATE FUNCTION "raise_review_versions_of_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement's missing transition table is not there to read (plpgsql checks each query it runs).
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_review_version_of_stats(NULL, (SELECT jsonb_agg(x) FROM new_rows x));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_review_version_of_stats((SELECT jsonb_agg(x) FROM old_rows x), NULL);
  ELSE
    PERFORM raise_review_version_of_stats((SELECT jsonb_agg(x) FROM old_rows x), (SELECT jsonb_agg(x) FROM new_rows x));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "review_team_stats_raise_version_insert" AFTER INSERT ON "review_team_stats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions_of_stats();--> statement-breakpoint
CREATE TRIGGER "review_team_stats_raise_version_update" AFTER UPDATE ON "review_team_stats"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions_of_stats();--> statement-breakpoint
CREATE TRIGGER "review_team_stats_raise_version_delete" AFTER DELETE ON "review_team_stats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions_of_stats();
