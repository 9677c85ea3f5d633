CREATE TABLE "chat_reopen_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reopen_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "admin_chat_responses" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_chat_responses" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- The replies before this migration were answered live or read in the widget: none is mailed now.
UPDATE "admin_chat_responses" SET "seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reopen_links" ADD CONSTRAINT "chat_reopen_links_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reopen_links_conversation_idx" ON "chat_reopen_links" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "admin_chat_responses_unseen_idx" ON "admin_chat_responses" USING btree ("created_at") WHERE "admin_chat_responses"."seen_at" is null and "admin_chat_responses"."mailed_at" is null;