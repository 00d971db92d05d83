ALTER TABLE "import_connector_runs" DROP CONSTRAINT "import_connector_runs_connector_id_import_connectors_id_fk";
--> statement-breakpoint
ALTER TABLE "import_connector_runs" ALTER COLUMN "connector_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "import_connector_runs" ADD CONSTRAINT "import_connector_runs_connector_id_import_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."import_connectors"("id") ON DELETE set null ON UPDATE no action;