CREATE TABLE "official_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"office" text NOT NULL,
	"office_address" text NOT NULL,
	"reference" text,
	"what_to_bring" text NOT NULL,
	"reminded_three_days_at" timestamp with time zone,
	"reminded_one_day_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "official_appointments" ADD CONSTRAINT "official_appointments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_appointments" ADD CONSTRAINT "official_appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "official_appointments_case_idx" ON "official_appointments" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "official_appointments_starts_idx" ON "official_appointments" USING btree ("starts_at");