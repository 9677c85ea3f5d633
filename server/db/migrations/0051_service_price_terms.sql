ALTER TABLE "services" ADD COLUMN "government_fee" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "excluded_costs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "family_members" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "duration_min_weeks" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "duration_max_weeks" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_government_fee_check" CHECK ("services"."government_fee" in ('included', 'separate', 'none'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_family_members_check" CHECK ("services"."family_members" in ('none', 'alongside', 'subjects'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_duration_check" CHECK (("services"."duration_min_weeks" is null) = ("services"."duration_max_weeks" is null) and "services"."duration_min_weeks" <= "services"."duration_max_weeks");--> statement-breakpoint
-- What each seeded service's price includes and leaves out, how relatives join it (alongside the
-- client in the family package, or, in family reunification, as the people the case is for) and its
-- typical duration. The firm changes them in the Servicios tab.
UPDATE "services" SET "government_fee" = 'included', "family_members" = 'alongside', "duration_min_weeks" = 1, "duration_max_weeks" = 4 WHERE "id" = 'nie-crue';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'included', "excluded_costs" = '["swornTranslations", "legalisations"]'::jsonb, "family_members" = 'alongside', "duration_min_weeks" = 12, "duration_max_weeks" = 26 WHERE "id" = 'arraigo';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'separate', "excluded_costs" = '["swornTranslations", "legalisations"]'::jsonb, "family_members" = 'alongside', "duration_min_weeks" = 12, "duration_max_weeks" = 20 WHERE "id" = 'family-member-card';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'included', "excluded_costs" = '["swornTranslations", "legalisations"]'::jsonb, "family_members" = 'alongside', "duration_min_weeks" = 4, "duration_max_weeks" = 12 WHERE "id" = 'student-stay';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'included', "excluded_costs" = '["consularFee", "swornTranslations", "legalisations"]'::jsonb, "family_members" = 'subjects', "duration_min_weeks" = 12, "duration_max_weeks" = 26 WHERE "id" = 'family-reunification';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'included', "excluded_costs" = '["examFees", "swornTranslations", "legalisations"]'::jsonb, "family_members" = 'alongside', "duration_min_weeks" = 52, "duration_max_weeks" = 156 WHERE "id" = 'nationality';--> statement-breakpoint
UPDATE "services" SET "government_fee" = 'separate', "family_members" = 'alongside' WHERE "id" = 'renewals-appeals';--> statement-breakpoint
-- The price notes said what is included: that is now the terms above, so the seeded notes that only
-- said it become a plain note (a note the firm rewrote is left as it is).
UPDATE "service_translations" SET "price_details" = CASE "language" WHEN 'es' THEN 'Precio cerrado por trámite' WHEN 'en' THEN 'Fixed price per procedure' ELSE 'Prix fixe par démarche' END
WHERE ("language", "price_details") IN (
  ('es', 'IVA y tasa incluidos'), ('en', 'VAT and government fee included'), ('fr', 'TVA et taxe incluses'),
  ('es', 'IVA incluido'), ('en', 'VAT included'), ('fr', 'TVA incluse'),
  ('es', 'IVA y tasa incluidos, salvo la tasa consular'), ('en', 'VAT and government fee included, except the consular fee'), ('fr', 'TVA et taxe incluses, hors frais consulaires'),
  ('es', 'Exámenes del Instituto Cervantes no incluidos'), ('en', 'Instituto Cervantes exams not included'), ('fr', 'Hors examens de l''Instituto Cervantes')
);--> statement-breakpoint
UPDATE "service_translations" SET "price_details" = CASE "language" WHEN 'es' THEN 'Presupuesto según la operación' WHEN 'en' THEN 'Quote depending on the transaction' ELSE 'Devis selon l''opération' END
WHERE "service_id" = 'property-purchase' AND ("language", "price_details") IN (('es', 'Presupuesto según la operación; IVA incluido'), ('en', 'Quote depending on the transaction; VAT included'), ('fr', 'Devis selon l''opération ; TVA incluse'));
