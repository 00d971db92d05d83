ALTER TABLE "accounts" ADD COLUMN "retention_people_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_review_text_months" integer DEFAULT 36;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_dialog_months" integer DEFAULT 36;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_import_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;