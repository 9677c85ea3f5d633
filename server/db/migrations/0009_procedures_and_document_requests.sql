CREATE TABLE "case_document_request_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"procedure_id" text,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"explanation" jsonb NOT NULL,
	"is_apostille_required" boolean DEFAULT false NOT NULL,
	"is_sworn_translation_required" boolean DEFAULT false NOT NULL,
	"validity_months" integer,
	"is_per_family_member" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"rejection_reason" text,
	"due_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_document_requests_status_check" CHECK ("case_document_requests"."status" in ('requested', 'received', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "procedure_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"procedure_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"explanation" jsonb NOT NULL,
	"is_apostille_required" boolean DEFAULT false NOT NULL,
	"is_sworn_translation_required" boolean DEFAULT false NOT NULL,
	"validity_months" integer,
	"is_per_family_member" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"title" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_document_request_files" ADD CONSTRAINT "case_document_request_files_document_id_case_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."case_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_request_files" ADD CONSTRAINT "case_document_request_files_request_id_case_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."case_document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_requests" ADD CONSTRAINT "case_document_requests_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_requests" ADD CONSTRAINT "case_document_requests_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_requests" ADD CONSTRAINT "case_document_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_items" ADD CONSTRAINT "procedure_items_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_document_request_files_request_idx" ON "case_document_request_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "case_document_requests_case_idx" ON "case_document_requests" USING btree ("case_id","position");--> statement-breakpoint
CREATE INDEX "procedure_items_procedure_idx" ON "procedure_items" USING btree ("procedure_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_one_default_per_service" ON "procedures" USING btree ("service_id") WHERE "procedures"."is_default";