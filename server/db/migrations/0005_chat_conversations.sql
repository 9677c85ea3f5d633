CREATE SEQUENCE "public"."chat_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "chat_conversations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "chat_conversations_owner_check" CHECK ("chat_conversations"."user_id" is not null or "chat_conversations"."token_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "admin_chat_responses" ADD COLUMN "seq" bigint DEFAULT nextval('chat_event_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "general_chat_messages" ADD COLUMN "conversation_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "general_chat_messages" ADD COLUMN "seq" bigint DEFAULT nextval('chat_event_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_chat_messages" ADD CONSTRAINT "general_chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_chat_responses_message_idx" ON "admin_chat_responses" USING btree ("original_message_id");--> statement-breakpoint
CREATE INDEX "general_chat_messages_conversation_idx" ON "general_chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
ALTER TABLE "admin_chat_responses" ADD CONSTRAINT "admin_chat_responses_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "general_chat_messages" ADD CONSTRAINT "general_chat_messages_seq_unique" UNIQUE("seq");