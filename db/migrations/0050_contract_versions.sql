CREATE TABLE "contract_versions" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The in/out-flow tab's figures are kept per cluster and contract version (issue 34, docs/decisions/1780).
-- Triggers raise the version on every path that changes what the flow counts — the contracts themselves
-- (services, imports, merges, erasure, cascades) and a membership removed, restored or moved — so no writer
-- can forget it. Contracts per statement (an import writes thousands at once); memberships per row, only when
-- such a column changes. A cluster being deleted takes its version row with it (the exists guard).
CREATE FUNCTION "raise_contract_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contract_versions (cluster_id, version)
      SELECT DISTINCT n.cluster_id, 1 FROM contract_new_rows n
      WHERE EXISTS (SELECT 1 FROM clusters c WHERE c.id = n.cluster_id)
    ON CONFLICT (cluster_id) DO UPDATE SET version = contract_versions.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO contract_versions (cluster_id, version)
      SELECT DISTINCT x.cluster_id, 1 FROM (
        SELECT cluster_id FROM contract_new_rows UNION SELECT cluster_id FROM contract_old_rows
      ) x
      WHERE EXISTS (SELECT 1 FROM clusters c WHERE c.id = x.cluster_id)
    ON CONFLICT (cluster_id) DO UPDATE SET version = contract_versions.version + 1;
  ELSE
    INSERT INTO contract_versions (cluster_id, version)
      SELECT DISTINCT o.cluster_id, 1 FROM contract_old_rows o
      WHERE EXISTS (SELECT 1 FROM clusters c WHERE c.id = o.cluster_id)
    ON CONFLICT (cluster_id) DO UPDATE SET version = contract_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contracts_raise_version_insert" AFTER INSERT ON "contracts"
  REFERENCING NEW TABLE AS contract_new_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_contract_versions"();--> statement-breakpoint
CREATE TRIGGER "contracts_raise_version_update" AFTER UPDATE ON "contracts"
  REFERENCING NEW TABLE AS contract_new_rows OLD TABLE AS contract_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_contract_versions"();--> statement-breakpoint
CREATE TRIGGER "contracts_raise_version_delete" AFTER DELETE ON "contracts"
  REFERENCING OLD TABLE AS contract_old_rows FOR EACH STATEMENT EXECUTE FUNCTION "raise_contract_versions"();--> statement-breakpoint
CREATE FUNCTION "raise_contract_version_of_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_versions (cluster_id, version)
    SELECT DISTINCT x.id, 1 FROM clusters x WHERE x.id IN (OLD.cluster_id, NEW.cluster_id)
  ON CONFLICT (cluster_id) DO UPDATE SET version = contract_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_raise_contract_version" AFTER UPDATE OF deleted_at, cluster_id ON "memberships"
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.cluster_id IS DISTINCT FROM NEW.cluster_id)
  EXECUTE FUNCTION "raise_contract_version_of_membership"();
