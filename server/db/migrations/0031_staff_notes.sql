CREATE TABLE "staff_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer,
	"consultation_id" uuid,
	"client_id" text,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notes_one_subject" CHECK (num_nonnulls("staff_notes"."case_id", "staff_notes"."consultation_id", "staff_notes"."client_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notes_case_idx" ON "staff_notes" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notes_consultation_idx" ON "staff_notes" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notes_client_idx" ON "staff_notes" USING btree ("client_id","created_at");--> statement-breakpoint
INSERT INTO "staff_notes" ("id", "case_id", "author_id", "body", "created_at") SELECT "id", "case_id", "author_id", "body", "created_at" FROM "case_notes";
