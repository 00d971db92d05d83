CREATE TABLE "import_connector_runs" (
	"import_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"connector_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stage" text DEFAULT 'fetch' NOT NULL,
	"slot" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"connector_name" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT 'off' NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"time" text DEFAULT '06:00' NOT NULL,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"scheduled_by" uuid,
	"scheduled_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_connector_runs" ADD CONSTRAINT "import_connector_runs_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connector_runs" ADD CONSTRAINT "import_connector_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connector_runs" ADD CONSTRAINT "import_connector_runs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connector_runs" ADD CONSTRAINT "import_connector_runs_connector_id_import_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."import_connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connectors" ADD CONSTRAINT "import_connectors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connectors" ADD CONSTRAINT "import_connectors_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_connectors" ADD CONSTRAINT "import_connectors_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_connector_runs_slot_uq" ON "import_connector_runs" USING btree ("connector_id","slot");--> statement-breakpoint
CREATE INDEX "import_connector_runs_cluster_idx" ON "import_connector_runs" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_connectors_cluster_kind_uq" ON "import_connectors" USING btree ("cluster_id","kind");