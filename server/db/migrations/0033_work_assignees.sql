ALTER TABLE "chat_conversations" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "contact_form_submissions" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "translation_requests" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_form_submissions" ADD CONSTRAINT "contact_form_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_requests" ADD CONSTRAINT "translation_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_assignee_idx" ON "chat_conversations" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "consultations_assignee_idx" ON "consultations" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "contact_form_submissions_assignee_idx" ON "contact_form_submissions" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "quotes_assignee_idx" ON "quotes" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "translation_requests_assignee_idx" ON "translation_requests" USING btree ("assignee_id");