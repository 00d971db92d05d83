CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id") WHERE "audit_events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "review_scores_scored_by_idx" ON "review_scores" USING btree ("scored_by") WHERE "review_scores"."scored_by" is not null;--> statement-breakpoint
CREATE INDEX "review_subjects_team_idx" ON "review_subjects" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "reviews_team_idx" ON "reviews" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "reviews_created_by_idx" ON "reviews" USING btree ("created_by") WHERE "reviews"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "flow_measurements_membership_idx" ON "flow_measurements" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "competence_scores_competence_idx" ON "competence_scores" USING btree ("competence_id");--> statement-breakpoint
CREATE INDEX "competence_scores_given_by_idx" ON "competence_scores" USING btree ("given_by") WHERE "competence_scores"."given_by" is not null;--> statement-breakpoint
CREATE INDEX "dialogs_membership_idx" ON "dialogs" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "import_changes_membership_idx" ON "import_changes" USING btree ("membership_id") WHERE "import_changes"."membership_id" is not null;--> statement-breakpoint
CREATE INDEX "member_knowledge_levels_given_by_idx" ON "member_knowledge_levels" USING btree ("given_by") WHERE "member_knowledge_levels"."given_by" is not null;--> statement-breakpoint
CREATE INDEX "task_mails_receiver_idx" ON "task_mails" USING btree ("receiver_id");