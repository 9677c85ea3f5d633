CREATE TABLE "translation_request_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"translation_request_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_request_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "privacy_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "privacy_policy_version" text;--> statement-breakpoint
ALTER TABLE "contact_form_submissions" ADD COLUMN "privacy_consented_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_form_submissions" ADD COLUMN "privacy_policy_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_requests" ADD COLUMN "privacy_consented_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_requests" ADD COLUMN "privacy_policy_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_request_documents" ADD CONSTRAINT "translation_request_documents_translation_request_id_translation_requests_id_fk" FOREIGN KEY ("translation_request_id") REFERENCES "public"."translation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_request_documents_request_idx" ON "translation_request_documents" USING btree ("translation_request_id");--> statement-breakpoint
ALTER TABLE "translation_requests" DROP COLUMN "document_path";