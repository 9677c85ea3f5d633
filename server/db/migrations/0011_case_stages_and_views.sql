CREATE TABLE "case_views" (
	"user_id" text NOT NULL,
	"case_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_views_user_id_case_id_pk" PRIMARY KEY("user_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "case_status_changes" RENAME TO "case_stage_changes";--> statement-breakpoint
ALTER TABLE "case_stage_changes" RENAME COLUMN "status" TO "stage";--> statement-breakpoint
ALTER TABLE "cases" RENAME COLUMN "status" TO "stage";--> statement-breakpoint
ALTER TABLE "case_stage_changes" DROP CONSTRAINT "case_status_changes_case_id_cases_id_fk";
--> statement-breakpoint
ALTER TABLE "case_stage_changes" DROP CONSTRAINT "case_status_changes_changed_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "case_status_changes_case_idx";--> statement-breakpoint
ALTER TABLE "case_documents" ADD COLUMN "firm_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_stage_changes" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "file_number" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "filed_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "filing_office" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "uploads_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_views" ADD CONSTRAINT "case_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_views" ADD CONSTRAINT "case_views_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_stage_changes" ADD CONSTRAINT "case_stage_changes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_stage_changes" ADD CONSTRAINT "case_stage_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_stage_changes_case_idx" ON "case_stage_changes" USING btree ("case_id");--> statement-breakpoint
-- The earlier free-text statuses become stage codes; any other text becomes the initial study.
UPDATE "cases" SET "stage" = CASE "stage" WHEN 'Pendiente de Documentación' THEN 'awaiting_documents' WHEN 'En Revisión' THEN 'reviewing_documents' WHEN 'Completado' THEN 'resolved_favourably' ELSE 'initial_study' END;--> statement-breakpoint
UPDATE "case_stage_changes" SET "stage" = CASE "stage" WHEN 'Pendiente de Documentación' THEN 'awaiting_documents' WHEN 'En Revisión' THEN 'reviewing_documents' WHEN 'Completado' THEN 'resolved_favourably' ELSE 'initial_study' END;--> statement-breakpoint
-- Uploads made before the upload mail existed are not announced now.
UPDATE "case_documents" SET "firm_notified_at" = "created_at";
