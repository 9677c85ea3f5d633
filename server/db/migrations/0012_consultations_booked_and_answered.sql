CREATE TABLE "agenda_day_overrides" (
	"date" date PRIMARY KEY NOT NULL,
	"ranges" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_settings" (
	"id" text PRIMARY KEY DEFAULT 'firm' NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"minimum_notice_hours" integer DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"meeting_mode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_slot_holds_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "consultation_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"storage_path" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_attachments_storage_path_unique" UNIQUE("storage_path")
);
--> statement-breakpoint
CREATE TABLE "consultation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"author_id" text,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "meeting_mode" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "firm_note" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "recommended_service_id" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_form_submissions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "translation_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_slot_holds" ADD CONSTRAINT "consultation_slot_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_attachments" ADD CONSTRAINT "consultation_attachments_message_id_consultation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."consultation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_slot_holds_starts_idx" ON "consultation_slot_holds" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "consultation_attachments_message_idx" ON "consultation_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "consultation_messages_consultation_idx" ON "consultation_messages" USING btree ("consultation_id");--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_recommended_service_id_services_id_fk" FOREIGN KEY ("recommended_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Requests received before the reply timers existed were answered by mail: they start answered, so the firm's first morning is not a list of false alarms.
UPDATE "consultations" SET "answered_at" = "created_at" WHERE "answered_at" IS NULL;--> statement-breakpoint
UPDATE "consultations" SET "completed_at" = "created_at" WHERE "status" = 'completada' AND "completed_at" IS NULL;--> statement-breakpoint
UPDATE "contact_form_submissions" SET "answered_at" = "created_at" WHERE "answered_at" IS NULL;--> statement-breakpoint
UPDATE "translation_requests" SET "answered_at" = "created_at" WHERE "answered_at" IS NULL;
