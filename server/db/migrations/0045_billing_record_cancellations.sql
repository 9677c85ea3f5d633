ALTER TABLE "billing_records" DROP CONSTRAINT "billing_records_invoice_id_unique";--> statement-breakpoint
ALTER TABLE "billing_records" ADD COLUMN "kind" text DEFAULT 'alta' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_invoice_kind_unique" UNIQUE("invoice_id","kind");