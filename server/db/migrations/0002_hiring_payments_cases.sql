CREATE TABLE "case_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"author_role" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_translations" (
	"service_id" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_details" text NOT NULL,
	"features" jsonb NOT NULL,
	CONSTRAINT "service_translations_service_id_language_pk" PRIMARY KEY("service_id","language")
);
--> statement-breakpoint
ALTER TABLE "case_documents" ADD COLUMN "content_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "case_documents" ADD COLUMN "size_bytes" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "service_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_from_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_changes" ADD CONSTRAINT "case_status_changes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_changes" ADD CONSTRAINT "case_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_translations" ADD CONSTRAINT "service_translations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_messages_case_idx" ON "case_messages" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "case_status_changes_case_idx" ON "case_status_changes" USING btree ("case_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_consultation_id_consultations_id_fk" FOREIGN KEY ("credit_consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_documents_case_idx" ON "case_documents" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "cases_user_id_idx" ON "cases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_credit_consultation_paid_idx" ON "payments" USING btree ("credit_consultation_id") WHERE "payments"."payment_status" = 'paid';--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_storage_path_unique" UNIQUE("storage_path");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_case_id_unique" UNIQUE("case_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consultation_id_unique" UNIQUE("consultation_id");