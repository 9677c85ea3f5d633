CREATE TABLE "case_deadlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"due_date" date NOT NULL,
	"opens_on" date,
	"note" text,
	"created_by" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_deadlines_kind_check" CHECK ("case_deadlines"."kind" in ('requerimiento', 'tie', 'oath', 'appeal', 'renewal_window'))
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deadline_id" uuid NOT NULL,
	"reminder" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_once" UNIQUE("deadline_id","reminder","recipient")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_date_scope_unique" UNIQUE("date","scope"),
	CONSTRAINT "holidays_scope_check" CHECK ("holidays"."scope" in ('national', 'valencian_community', 'elche'))
);
--> statement-breakpoint
ALTER TABLE "case_deadlines" ADD CONSTRAINT "case_deadlines_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_deadlines" ADD CONSTRAINT "case_deadlines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_deadline_id_case_deadlines_id_fk" FOREIGN KEY ("deadline_id") REFERENCES "public"."case_deadlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_deadlines_case_idx" ON "case_deadlines" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "case_deadlines_open_due_idx" ON "case_deadlines" USING btree ("due_date") WHERE "case_deadlines"."done_at" is null;--> statement-breakpoint
-- The non-working days of a filing in Elche for 2026 and 2027 (ADR 012). Admins add, correct and
-- remove them in the Plazos tab; deadlines already recorded keep the dates they were given.
--
-- 2026, published. The Valencian Community's 12 days, which include every national one that is not
-- on a Sunday (Decreto del Consell on the labour calendar for 2026, approved July 2025, as reported
-- by La Razón on 1 Jul 2025 and Superdeporte on 30 Dec 2025): 1 and 6 Jan, 19 Mar, 3 and 6 Apr,
-- 1 May, 24 Jun, 15 Aug, 9 and 12 Oct, 8 and 25 Dec. 1 Nov and 6 Dec fall on Sundays and have no
-- substitute. The national/regional split follows the national list (the BOE resolution itself was
-- not consulted; the split changes no computation, every scope counts). Elche's two local days
-- (DOGV list of local holidays for 2026, published 14 Nov 2025, as summarised by
-- micalendariolaboral.com) are San Vicente Ferrer, the Monday after Easter Monday (13 Apr), and
-- the Venida de la Virgen, celebrated on 28 and 29 December: the day the list names could not be
-- confirmed from the sources at hand, 29 December is recorded: CHECK IT.
--
-- 2027, PROVISIONAL: computed, not yet checked against the 2027 BOE resolution, the Consell's
-- decree or the DOGV local list. The fixed national days and Good Friday (Easter Sunday is 28 Mar
-- 2027); the Valencian days assume the Consell repeats 2026's choice (San José, Easter Monday,
-- San Juan, 9 Oct) and Elche's its usual two. Confirm them when the calendars are published.
INSERT INTO "holidays" ("date", "scope", "name") VALUES
  ('2026-01-01', 'national', 'Año Nuevo'),
  ('2026-01-06', 'national', 'Epifanía del Señor'),
  ('2026-04-03', 'national', 'Viernes Santo'),
  ('2026-05-01', 'national', 'Fiesta del Trabajo'),
  ('2026-08-15', 'national', 'Asunción de la Virgen'),
  ('2026-10-12', 'national', 'Fiesta Nacional de España'),
  ('2026-12-08', 'national', 'Inmaculada Concepción'),
  ('2026-12-25', 'national', 'Natividad del Señor'),
  ('2026-03-19', 'valencian_community', 'San José'),
  ('2026-04-06', 'valencian_community', 'Lunes de Pascua'),
  ('2026-06-24', 'valencian_community', 'San Juan'),
  ('2026-10-09', 'valencian_community', 'Día de la Comunitat Valenciana'),
  ('2026-04-13', 'elche', 'San Vicente Ferrer'),
  ('2026-12-29', 'elche', 'Venida de la Virgen (día por confirmar: 28 o 29 de diciembre)'),
  ('2027-01-01', 'national', 'Año Nuevo'),
  ('2027-01-06', 'national', 'Epifanía del Señor'),
  ('2027-03-26', 'national', 'Viernes Santo'),
  ('2027-05-01', 'national', 'Fiesta del Trabajo'),
  ('2027-08-15', 'national', 'Asunción de la Virgen'),
  ('2027-10-12', 'national', 'Fiesta Nacional de España'),
  ('2027-11-01', 'national', 'Todos los Santos'),
  ('2027-12-06', 'national', 'Día de la Constitución Española'),
  ('2027-12-08', 'national', 'Inmaculada Concepción'),
  ('2027-12-25', 'national', 'Natividad del Señor'),
  ('2027-03-19', 'valencian_community', 'San José (provisional)'),
  ('2027-03-29', 'valencian_community', 'Lunes de Pascua (provisional)'),
  ('2027-06-24', 'valencian_community', 'San Juan (provisional)'),
  ('2027-10-09', 'valencian_community', 'Día de la Comunitat Valenciana (provisional)'),
  ('2027-04-05', 'elche', 'San Vicente Ferrer (provisional)'),
  ('2027-12-29', 'elche', 'Venida de la Virgen (provisional)');
