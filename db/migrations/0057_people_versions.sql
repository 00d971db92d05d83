CREATE TABLE "people_versions" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people_versions" ADD CONSTRAINT "people_versions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- HR analytics' workforce tab is kept per cluster and people version (issue 34, docs/decisions/1984). Triggers
-- raise the version on every path that changes what the tab reads — services, imports, merges, erasure, seeds,
-- cascades — so no writer can forget it: a row added or removed, or a change of a column it reads, of
-- memberships, contracts, team places (role_assignments), tags on people and positions — and, for workforce
-- planning's table and its competence and knowledge shortages (docs/decisions/1985), teams, planning needs,
-- competences, their requirements per position (and positions' parents, which pass them on), competence
-- scores, knowledge areas, teams' knowledge needs and members' knowledge levels; and of a member's name,
-- e-mail, gender or birthday (users, below). Per statement (an import writes thousands of rows at once), one
-- upsert per statement for its touched clusters; a cluster being deleted takes its version row with it (the
-- exists guard, as 0050 and 0052).
CREATE FUNCTION "raise_people_version_of"(cluster_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO people_versions (cluster_id, version)
    SELECT c.id, 1 FROM clusters c WHERE c.id = ANY(cluster_ids)
  ON CONFLICT (cluster_id) DO UPDATE SET version = people_versions.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "raise_people_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What the tab reads of each table, beside its account and cluster.
  read text := CASE TG_TABLE_NAME
    WHEN 'memberships' THEN 'id, user_id, status, access, deleted_at'
    WHEN 'contracts' THEN 'id, membership_id, position_id, start_date, end_date, fte, is_temporary, is_active'
    WHEN 'role_assignments' THEN 'id, membership_id, role_key, team_id'
    WHEN 'membership_tags' THEN 'membership_id, tag_id'
    WHEN 'positions' THEN 'id, name, parent_id'
    WHEN 'teams' THEN 'id, name, deleted_at'
    WHEN 'planning_needs' THEN 'id, team_id, position_id, horizon, employees, fte, reason'
    WHEN 'competences' THEN 'id, name, type, archived_at'
    WHEN 'position_competences' THEN 'position_id, competence_id, required_level'
    WHEN 'competence_scores' THEN 'id, membership_id, competence_id, level, superseded_at'
    WHEN 'knowledge_areas' THEN 'id, name, archived_at'
    WHEN 'team_knowledge_needs' THEN 'id, team_id, knowledge_area_id, level, needed_count'
    WHEN 'member_knowledge_levels' THEN 'id, membership_id, knowledge_area_id, level' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_people_version_of(ARRAY(SELECT DISTINCT cluster_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_people_version_of(ARRAY(SELECT DISTINCT cluster_id FROM old_rows));
  ELSE
    -- The rows whose read columns changed are those in one transition table and not in the other (no key
    -- needed); an update that only touches other columns (updated_at, hours, invitations) raises nothing.
    EXECUTE format('SELECT raise_people_version_of(ARRAY(SELECT DISTINCT cluster_id FROM (
        (SELECT account_id, cluster_id, %1$s FROM old_rows EXCEPT SELECT account_id, cluster_id, %1$s FROM new_rows)
        UNION ALL
        (SELECT account_id, cluster_id, %1$s FROM new_rows EXCEPT SELECT account_id, cluster_id, %1$s FROM old_rows)
      ) changed))', read);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
  op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['memberships', 'contracts', 'role_assignments', 'membership_tags', 'positions', 'teams',
      'planning_needs', 'competences', 'position_competences', 'competence_scores', 'knowledge_areas',
      'team_knowledge_needs', 'member_knowledge_levels'] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT'
        ' EXECUTE FUNCTION raise_people_versions()', t || '_raise_people_version_' || op, op, t, CASE op
          WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'NEW TABLE AS new_rows OLD TABLE AS old_rows' END);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- A user belongs to the account, not a cluster: a change of what the tab reads of a person (the name and e-mail
-- the ending contracts show, gender, birthday; erasure clears them) raises every cluster the user is a member
-- of. A user added has no memberships yet; one removed takes them along (their trigger raises). Sign-ins and
-- other updates of users raise nothing.
CREATE FUNCTION "raise_people_versions_of_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_people_version_of(ARRAY(
    SELECT DISTINCT m.cluster_id FROM memberships m WHERE m.user_id IN (
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.first_name, o.last_name, o.email, o.gender, o.birthday)
        IS DISTINCT FROM (n.first_name, n.last_name, n.email, n.gender, n.birthday))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_raise_people_version_update" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION raise_people_versions_of_users();
