CREATE TABLE "licence_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ordered_by_user_id" uuid,
	"employees" integer NOT NULL,
	"teams" integer NOT NULL,
	"modules" text[] NOT NULL,
	"billing_period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'to-be-invoiced' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_orders" ADD CONSTRAINT "licence_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_orders" ADD CONSTRAINT "licence_orders_ordered_by_user_id_users_id_fk" FOREIGN KEY ("ordered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_orders_account_time_idx" ON "licence_orders" USING btree ("account_id","created_at" DESC NULLS LAST);