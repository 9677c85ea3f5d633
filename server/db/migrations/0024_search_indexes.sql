-- pg_trgm (PostgreSQL's contrib, a trusted extension; PGlite loads it in server/db/client.ts): the back office's search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_identifiers_search_idx" ON "users" USING gin (upper(regexp_replace(coalesce("nie", '') || ' ' || coalesce("passport_number", '') || ' ' || coalesce("phone", ''), '[^0-9A-Za-z ]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_created_at_idx" ON "cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cases_file_number_search_idx" ON "cases" USING gin (upper(regexp_replace(coalesce("file_number", ''), '[^0-9A-Za-z]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_search_idx" ON "invoices" USING gin (replace("number", '-', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");