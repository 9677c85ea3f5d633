CREATE TABLE "engagement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"service_title" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"is_early_start_requested" boolean NOT NULL,
	"client_address" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"contracted_at" timestamp with time zone,
	"case_id" integer,
	"consultation_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_address" text,
	CONSTRAINT "engagement_acceptances_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "engagement_letters" (
	"service_id" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "engagement_letters_service_id_language_pk" PRIMARY KEY("service_id","language")
);
--> statement-breakpoint
ALTER TABLE "engagement_acceptances" ADD CONSTRAINT "engagement_acceptances_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_acceptances" ADD CONSTRAINT "engagement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_acceptances" ADD CONSTRAINT "engagement_acceptances_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_acceptances" ADD CONSTRAINT "engagement_acceptances_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;