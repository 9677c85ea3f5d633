CREATE TABLE "push_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "notification_opt_outs" DROP CONSTRAINT "notification_opt_outs_channel_check";--> statement-breakpoint
ALTER TABLE "agenda_settings" ADD COLUMN "express_follow_ups" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_channel_check" CHECK ("notification_opt_outs"."channel" in ('email', 'push'));--> statement-breakpoint
-- The express card promised answers 'por el chat de la aplicación o por WhatsApp' in '8 horas': the
-- answer is written in the client's panel and mailed, within 8 business hours. Only the seeded texts
-- are corrected; a text the firm has already rewritten is left as it is.
UPDATE "service_translations" SET "description" = 'Plantea tu pregunta por escrito en tu panel y recibe allí la respuesta de un abogado, con aviso por email.', "features" = '["Respuesta en menos de 8 horas laborables", "Por escrito en tu panel, con aviso por email", "Ideal para dudas concretas sobre tu situación"]'::jsonb WHERE "service_id" = 'express' AND "language" = 'es' AND "description" = 'Plantea tu pregunta por escrito y recibe la respuesta de un abogado por el chat de la aplicación o por WhatsApp.';--> statement-breakpoint
UPDATE "service_translations" SET "description" = 'Send your question in writing from your client area and get a lawyer''s answer there, with an e-mail to tell you.', "features" = '["Reply within 8 business hours", "In writing in your client area, with an e-mail alert", "Ideal for specific questions about your situation"]'::jsonb WHERE "service_id" = 'express' AND "language" = 'en' AND "description" = 'Send your question in writing and get a lawyer''s answer through the app chat or WhatsApp.';--> statement-breakpoint
UPDATE "service_translations" SET "description" = 'Posez votre question par écrit depuis votre espace client et recevez-y la réponse d''un avocat, avec un e-mail pour vous prévenir.', "features" = '["Réponse en moins de 8 heures ouvrées", "Par écrit dans votre espace client, avec une alerte par e-mail", "Idéale pour une question précise sur votre situation"]'::jsonb WHERE "service_id" = 'express' AND "language" = 'fr' AND "description" = 'Posez votre question par écrit et recevez la réponse d''un avocat par le chat de l''application ou par WhatsApp.';
