import { sql, type AnyColumn } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A client's NIE, passport and phone as the back office's search compares them (letters and digits,
 * upper case, one space between them): its trigram index answers "contains" at any size of firm.
 */
export const accountIdentifiers = (table: { nie: AnyColumn; passportNumber: AnyColumn; phone: AnyColumn }) => {
  const compact = (column: AnyColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9A-Za-z]', '', 'g')`;
  return sql<string>`upper(${compact(table.nie)} || ' ' || ${compact(table.passportNumber)} || ' ' || ${compact(table.phone)})`;
};

/**
 * One row per account: Better Auth's user, with the profile fields of docs/product/data-and-states.md.
 * Better Auth writes the identity columns; the profile feature writes the rest.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** 'user' for a client, else the staff role (common/auth/permissions.ts). */
    role: text('role', { enum: ['user', 'owner', 'lawyer', 'reception', 'translator', 'accounting'] })
      .notNull()
      .default('user'),
    /** Set when the owner deactivates a staff member: no session is made for the account any more. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    passportNumber: text('passport_number'),
    nie: text('nie'),
    address: text('address'),
    /**
     * Where the client lives (ISO 3166-1 alpha-2) and whether they buy as a private person or a
     * business with its name and tax number: what the invoice prints and its IVA follows
     * (common/invoices/tax-rules.ts). Null until the client says.
     */
    residenceCountry: text('residence_country'),
    buyerKind: text('buyer_kind', { enum: ['private', 'business'] }),
    businessName: text('business_name'),
    businessTaxId: text('business_tax_id'),
    dateOfBirth: date('date_of_birth'),
    /** The language the person last used, for the mails the firm sends them. */
    language: text('language', { enum: ['es', 'en', 'fr'] })
      .notNull()
      .default('es'),
    /**
     * When the person ticked the privacy policy and terms of use at registration, and which version of
     * the policy that was; null for an account the firm or a quote link made, or made before it was kept.
     */
    privacyConsentedAt: timestamp('privacy_consented_at', { withTimezone: true }),
    privacyPolicyVersion: text('privacy_policy_version'),
    /** Set by Better Auth's two-factor plugin once a first code confirmed the authenticator app. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // The back office's search (pg_trgm): a name, an e-mail or a document containing what staff typed.
    index('users_name_search_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_email_search_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('users_documents_search_idx').using('gin', sql`${accountIdentifiers(table)} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Better Auth's two-factor plugin: the account's TOTP secret and backup codes, both encrypted with
 * the auth secret; `verified` stays false until a first code confirms the authenticator app.
 * `lastTotpStep` is ours: the 30-second step of the last app code accepted, so no code works twice.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastTotpStep: integer('last_totp_step'),
});
