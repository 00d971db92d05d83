CREATE TABLE "review_versions" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Criteria analytics' score counts are kept per cluster and review version (issue 34, docs/decisions/1911).
-- Triggers raise the version on every path that changes what those counts read — reviews, their subjects
-- and scores, written by services, imports, merges, erasure, calibration or seeds — so no writer can forget
-- it; per statement (a round writes thousands of rows at once). Only a change the counts can see raises it:
-- a review's or subject's columns the counts read, and scores of a finished review or finished subject
-- (scoring a running round does not). A cluster being deleted takes its version row with it (exists guard).
CREATE FUNCTION "raise_review_version_of"(cluster_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO review_versions (cluster_id, version)
    SELECT c.id, 1 FROM clusters c WHERE c.id = ANY(cluster_ids)
  ON CONFLICT (cluster_id) DO UPDATE SET version = review_versions.version + 1;
$$;--> statement-breakpoint
-- Scores: only those of a finished team review or a finished (self-review) subject are counted; a subject
-- already gone (removed in the same transaction) counts as changed.
CREATE FUNCTION "raise_review_version_of_scores"(score_rows jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT raise_review_version_of(ARRAY(
    SELECT DISTINCT r.cluster_id FROM jsonb_to_recordset(score_rows) x(review_id uuid, subject_id uuid)
    JOIN reviews r ON r.id = x.review_id LEFT JOIN review_subjects s ON s.id = x.subject_id
    WHERE r.is_finished OR s.finished_at IS NOT NULL OR s.id IS NULL));
$$;--> statement-breakpoint
CREATE FUNCTION "review_columns_read"(row_data jsonb, tbl text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_object_agg(k, row_data -> k) FROM unnest(CASE tbl
    WHEN 'reviews' THEN ARRAY['account_id', 'cluster_id', 'type', 'is_finished', 'finished_at', 'deleted_at',
      'parent_id', 'source_review_id', 'team_id', 'scale']
    ELSE ARRAY['review_id', 'account_id', 'cluster_id', 'membership_id', 'development_role', 'calibrated_role',
      'finished_at'] END) k;
$$;--> statement-breakpoint
CREATE FUNCTION "raise_review_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME <> 'review_scores' THEN
    -- Reviews and subjects: a row added or removed, or a change of a column the counts read.
    IF TG_OP = 'INSERT' THEN
      PERFORM raise_review_version_of(ARRAY(SELECT DISTINCT cluster_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM raise_review_version_of(ARRAY(SELECT DISTINCT cluster_id FROM old_rows));
    ELSE
      PERFORM raise_review_version_of(ARRAY(
        SELECT DISTINCT unnest(ARRAY[o.cluster_id, n.cluster_id])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE review_columns_read(to_jsonb(o), TG_TABLE_NAME) IS DISTINCT FROM
          review_columns_read(to_jsonb(n), TG_TABLE_NAME)));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM raise_review_version_of_scores((SELECT jsonb_agg(x) FROM new_rows x));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_review_version_of_scores((SELECT jsonb_agg(x) FROM old_rows x));
  ELSE
    PERFORM raise_review_version_of_scores(
      (SELECT jsonb_agg(x) FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) x));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Insert, update and delete triggers on the three tables, each with its transition tables.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['reviews', 'review_subjects', 'review_scores'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions()', t || '_raise_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions()', t || '_raise_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION raise_review_versions()', t || '_raise_version_delete', t);
  END LOOP;
END $$;
