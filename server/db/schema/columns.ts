import { boolean, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#common/procedures/procedures.contract.ts';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the person ticked the privacy checkbox, and which version of the privacy policy they accepted. */
export const privacyConsent = () => ({
  privacyConsentedAt: timestamp('privacy_consented_at', { withTimezone: true }).notNull(),
  privacyPolicyVersion: text('privacy_policy_version').notNull(),
});

/** The flags and texts a checklist item and the request copied from it share. */
export const documentColumns = () => ({
  title: jsonb('title').$type<LocalizedText>().notNull(),
  explanation: jsonb('explanation').$type<LocalizedText>().notNull(),
  isApostilleRequired: boolean('is_apostille_required').notNull().default(false),
  isSwornTranslationRequired: boolean('is_sworn_translation_required').notNull().default(false),
  /** How long the document stays valid from its issue date; null when it does not lapse. */
  validityMonths: integer('validity_months'),
  isPerFamilyMember: boolean('is_per_family_member').notNull().default(false),
});
