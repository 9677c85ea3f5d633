CREATE TABLE "case_client_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_client_notices" ADD CONSTRAINT "case_client_notices_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_client_notices" ADD CONSTRAINT "case_client_notices_request_id_case_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."case_document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_client_notices" ADD CONSTRAINT "case_client_notices_document_id_case_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."case_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_client_notices_waiting_idx" ON "case_client_notices" USING btree ("case_id","created_at") WHERE "case_client_notices"."mailed_at" is null;