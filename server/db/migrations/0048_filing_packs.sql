CREATE TABLE "filing_pack_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"page_count" integer NOT NULL,
	"documents" jsonb NOT NULL,
	CONSTRAINT "filing_pack_files_storage_path_unique" UNIQUE("storage_path")
);
--> statement-breakpoint
CREATE TABLE "filing_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"max_file_bytes" integer NOT NULL,
	"max_total_bytes" integer NOT NULL,
	"total_bytes" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filed_on" date,
	"receipt_number" text,
	"filed_by" text
);
--> statement-breakpoint
CREATE TABLE "filing_settings" (
	"id" text PRIMARY KEY DEFAULT 'firm' NOT NULL,
	"max_file_bytes" integer NOT NULL,
	"max_total_bytes" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filing_pack_files" ADD CONSTRAINT "filing_pack_files_pack_id_filing_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."filing_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packs" ADD CONSTRAINT "filing_packs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packs" ADD CONSTRAINT "filing_packs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packs" ADD CONSTRAINT "filing_packs_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_settings" ADD CONSTRAINT "filing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_pack_files_pack_idx" ON "filing_pack_files" USING btree ("pack_id","number");--> statement-breakpoint
CREATE INDEX "filing_packs_case_idx" ON "filing_packs" USING btree ("case_id","created_at");