import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { familyMemberRoles, governmentFees, type ExcludedCost } from '#common/services/price-terms.ts';

export const serviceKindEnum = pgEnum('service_kind', ['consultation', 'case']);

/**
 * The catalogue of what a client can hire, and the only source of its prices: integer cents,
 * null for the entry given by quote. Seeded by a migration, then edited by the firm in the admin's
 * Servicios tab; a payment copies what it bought, so later edits leave it alone.
 */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    kind: serviceKindEnum('kind').notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('eur'),
    /** The price is a starting price ('from 150 €'): hiring it asks the firm for a quote, never charges it as such. */
    isFromPrice: boolean('is_from_price').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown on the public pages and hireable; a service withdrawn stays for the payments and invoices that name it. */
    isOffered: boolean('is_offered').notNull().default(true),
    /** Property work: the anti-money-laundering law asks the client's identification before the work starts (ADR 049). */
    requiresAmlIdentification: boolean('requires_aml_identification').notNull().default(false),
    /** What the price includes and leaves out (common/services/price-terms.ts): the one source every place says it from. */
    governmentFee: text('government_fee', { enum: governmentFees }).notNull().default('none'),
    excludedCosts: jsonb('excluded_costs').$type<ExcludedCost[]>().notNull().default([]),
    /**
     * Whether the client adds relatives at checkout, and as whom (common/services/price-terms.ts): none,
     * relatives taking the same procedure alongside (the family package), or the relatives the case is for.
     */
    familyMembers: text('family_members', { enum: familyMemberRoles }).notNull().default('none'),
    /** The procedure's typical duration, in weeks; both or neither. */
    durationMinWeeks: integer('duration_min_weeks'),
    durationMaxWeeks: integer('duration_max_weeks'),
  },
  (table) => [
    check('services_government_fee_check', sql`${table.governmentFee} in ('included', 'separate', 'none')`),
    check('services_family_members_check', sql`${table.familyMembers} in ('none', 'alongside', 'subjects')`),
    check('services_duration_check', sql`(${table.durationMinWeeks} is null) = (${table.durationMaxWeeks} is null) and ${table.durationMinWeeks} <= ${table.durationMaxWeeks}`),
  ],
);

/** The texts of each offer, one row per language. */
export const serviceTranslations = pgTable(
  'service_translations',
  {
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['es', 'en', 'fr'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceDetails: text('price_details').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.language] })],
);
