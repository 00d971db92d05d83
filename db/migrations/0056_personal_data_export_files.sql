-- Personal-data exports' files in PostgreSQL instead of DATA_DIR (issue 38, docs/decisions/1965): one row per
-- export and format with the bytes, so that web and worker processes on different machines see the same files.
-- personal_data_exports.file_location stays, unused, for the release before during a rolling deploy; the next
-- release drops it. Nothing old is copied: exports live 7 days, an older one answers 410 and can be asked again.
CREATE TABLE "personal_data_export_files" (
	"export_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_export_files_export_id_format_pk" PRIMARY KEY("export_id","format")
);
--> statement-breakpoint
ALTER TABLE "personal_data_export_files" ADD CONSTRAINT "personal_data_export_files_export_id_personal_data_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."personal_data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_export_files" ADD CONSTRAINT "personal_data_export_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_export_files" ADD CONSTRAINT "personal_data_export_files_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;