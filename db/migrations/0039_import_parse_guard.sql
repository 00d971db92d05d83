ALTER TABLE "imports" ADD COLUMN "error_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "parse_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "parse_running" boolean DEFAULT false NOT NULL;