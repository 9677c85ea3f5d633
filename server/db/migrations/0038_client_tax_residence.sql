ALTER TABLE "users" ADD COLUMN "residence_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "buyer_kind" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_tax_id" text;