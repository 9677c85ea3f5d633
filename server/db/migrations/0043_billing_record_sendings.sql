CREATE TABLE "billing_record_sendings" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"csv" text,
	"error_code" text,
	"error_description" text
);
--> statement-breakpoint
CREATE TABLE "billing_record_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"record_count" integer NOT NULL,
	"outcome" text NOT NULL,
	"csv" text,
	"failure" text,
	"next_send_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_record_sendings" ADD CONSTRAINT "billing_record_sendings_record_id_billing_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."billing_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_record_sendings_pending_idx" ON "billing_record_sendings" USING btree ("position") WHERE "billing_record_sendings"."state" = 'pending';