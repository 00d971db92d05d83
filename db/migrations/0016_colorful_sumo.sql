CREATE TABLE "review_team_answers" (
	"subject_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"dimension" smallint NOT NULL,
	"score" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_team_answers_subject_id_criterion_id_pk" PRIMARY KEY("subject_id","criterion_id"),
	CONSTRAINT "review_team_answers_score_ck" CHECK ("review_team_answers"."score" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_teams" (
	"review_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"team_name" text NOT NULL,
	CONSTRAINT "review_teams_review_id_team_id_pk" PRIMARY KEY("review_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "review_subjects" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source_review_id" uuid;--> statement-breakpoint
ALTER TABLE "review_team_answers" ADD CONSTRAINT "review_team_answers_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_answers" ADD CONSTRAINT "review_team_answers_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_answers" ADD CONSTRAINT "review_team_answers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_teams" ADD CONSTRAINT "review_teams_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_teams" ADD CONSTRAINT "review_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_team_answers_review_idx" ON "review_team_answers" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_team_answers_criterion_idx" ON "review_team_answers" USING btree ("criterion_id");--> statement-breakpoint
CREATE INDEX "review_teams_team_idx" ON "review_teams" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_review_id_reviews_id_fk" FOREIGN KEY ("source_review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;