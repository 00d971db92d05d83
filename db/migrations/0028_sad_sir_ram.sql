CREATE TABLE "dialog_team_selections" (
	"session_id" text NOT NULL,
	"cluster_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialog_team_selections_session_id_cluster_id_pk" PRIMARY KEY("session_id","cluster_id")
);
--> statement-breakpoint
ALTER TABLE "dialogs" ADD COLUMN "review_subject_id" uuid;--> statement-breakpoint
ALTER TABLE "dialog_team_selections" ADD CONSTRAINT "dialog_team_selections_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_team_selections" ADD CONSTRAINT "dialog_team_selections_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_team_selections" ADD CONSTRAINT "dialog_team_selections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_review_subject_id_review_subjects_id_fk" FOREIGN KEY ("review_subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE set null ON UPDATE no action;