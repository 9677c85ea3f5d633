CREATE TABLE "aml_identification_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identification_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"full_name" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_number" text NOT NULL,
	"funds_origin" text NOT NULL,
	"purpose" text NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"relationship_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "requires_aml_identification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "aml_identification_files" ADD CONSTRAINT "aml_identification_files_identification_id_aml_identifications_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."aml_identifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_identifications" ADD CONSTRAINT "aml_identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_identifications" ADD CONSTRAINT "aml_identifications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_identification_files_identification_idx" ON "aml_identification_files" USING btree ("identification_id");--> statement-breakpoint
CREATE INDEX "aml_identifications_case_idx" ON "aml_identifications" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "aml_identifications_user_idx" ON "aml_identifications" USING btree ("user_id");--> statement-breakpoint
-- Property purchase advice, a case given by quote (a 'from' price): the firm is an obliged party under
-- Ley 10/2010 for it, so its cases ask the client's identification before the work starts (ADR 049).
INSERT INTO "services" ("id", "kind", "price_cents", "currency", "is_from_price", "sort_order", "requires_aml_identification") VALUES
  ('property-purchase', 'case', 120000, 'eur', true, 16, true);
--> statement-breakpoint
INSERT INTO "service_translations" ("service_id", "language", "title", "description", "price_details", "features") VALUES
  ('property-purchase', 'es', 'Compraventa de inmuebles', 'Asesoramiento jurídico en la compra de tu vivienda en España: revisión de cargas, contratos, notaría, impuestos e inscripción.', 'Presupuesto según la operación; IVA incluido', '["Revisión de la nota simple, cargas y deudas", "Contrato de arras y de compraventa", "Identificación exigida por la Ley 10/2010 de prevención del blanqueo de capitales"]'::jsonb),
  ('property-purchase', 'en', 'Property purchase', 'Legal advice on buying your home in Spain: encumbrances, contracts, notary, taxes and registration.', 'Quote depending on the transaction; VAT included', '["Land registry extract, encumbrances and debts checked", "Deposit and purchase contracts", "Identification required by Spain''s anti-money-laundering law (Ley 10/2010)"]'::jsonb),
  ('property-purchase', 'fr', 'Achat immobilier', 'Conseil juridique pour l''achat de votre logement en Espagne : charges, contrats, notaire, impôts et inscription.', 'Devis selon l''opération ; TVA incluse', '["Vérification de la note simple, des charges et des dettes", "Contrat d''arrhes et acte de vente", "Identification exigée par la loi espagnole contre le blanchiment (Ley 10/2010)"]'::jsonb);
