CREATE TABLE "billing_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"fields" jsonb NOT NULL,
	"position" integer NOT NULL,
	"previous_fingerprint" text,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_records_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "billing_records_position_unique" UNIQUE("position"),
	CONSTRAINT "billing_records_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A billing record, like its invoice, is never changed nor removed (VeriFactu): the database refuses it, whoever asks.
CREATE FUNCTION "billing_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing records are never changed once made';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "billing_records_immutable" BEFORE UPDATE OR DELETE ON "billing_records" FOR EACH ROW EXECUTE FUNCTION "billing_records_refuse_change"();
