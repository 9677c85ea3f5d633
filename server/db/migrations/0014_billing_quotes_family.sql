CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"rectifies_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"content" jsonb NOT NULL,
	"position" integer NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "invoices_position_unique" UNIQUE("position"),
	CONSTRAINT "invoices_hash_unique" UNIQUE("hash"),
	CONSTRAINT "invoices_series_year_sequence_unique" UNIQUE("series","year","sequence")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"outcome" text NOT NULL,
	"provider_refund_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_family_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"passport" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"service_id" text,
	"translation_request_id" uuid,
	"request_message" text,
	"price_cents" integer,
	"currency" text DEFAULT 'eur' NOT NULL,
	"valid_until" date,
	"message" text,
	"translation" jsonb,
	"access_token_hash" text,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card_online' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "family_members" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "case_document_requests" ADD COLUMN "family_member_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rectifies_id_invoices_id_fk" FOREIGN KEY ("rectifies_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_family_members" ADD CONSTRAINT "case_family_members_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_translation_request_id_translation_requests_id_fk" FOREIGN KEY ("translation_request_id") REFERENCES "public"."translation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_ordinary_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."series" = 'F';--> statement-breakpoint
CREATE INDEX "case_family_members_case_idx" ON "case_family_members" USING btree ("case_id","position");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_requests" ADD CONSTRAINT "case_document_requests_family_member_id_case_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."case_family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_unique" UNIQUE("quote_id");--> statement-breakpoint
-- An issued invoice is never changed nor removed (VeriFactu): the database refuses it, whoever asks.
CREATE FUNCTION "invoices_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are never changed once issued';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();--> statement-breakpoint
-- The job a paid translation quote opens: followed in the panel like a case, never sold from the catalogue.
INSERT INTO "services" ("id", "kind", "price_cents", "currency", "is_from_price", "sort_order", "is_offered") VALUES
  ('translation', 'case', NULL, 'eur', false, 18, false);--> statement-breakpoint
INSERT INTO "service_translations" ("service_id", "language", "title", "description", "price_details", "features") VALUES
  ('translation', 'es', 'Traducción', 'Traducción, jurada o no, de los documentos del presupuesto aceptado.', 'Según presupuesto', '[]'::jsonb),
  ('translation', 'en', 'Translation', 'Translation, sworn or not, of the documents of the accepted quote.', 'As quoted', '[]'::jsonb),
  ('translation', 'fr', 'Traduction', 'Traduction, assermentée ou non, des documents du devis accepté.', 'Selon devis', '[]'::jsonb);
