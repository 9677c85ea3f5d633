import { z } from 'zod';
import { accountPhoneSchema, emailSchema, optionalTextSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { calendarDateSchema } from '#common/date-fields.ts';
import { firmDay } from '#common/dates.ts';
import { offlinePaymentMethods, refundOutcomes } from '#common/billing/billing-vocabulary.ts';
import { languages } from '#common/i18n/languages.ts';
import { invoiceLinkSchema } from '#common/invoices/invoices.contract.ts';
import { serviceKindSchema } from '#common/services/services.contract.ts';

/** The most one payment or refund the back office types may be: 10,000 €, so a slipped digit is refused. */
const maxRecordedCents = 1_000_000;

const amountMessage = 'payments:admin.validation.amount';

/**
 * An amount the admin types in euros, turned into cents by the form with `eurosToCents`
 * (common/money.ts); text that is no amount reaches this schema as NaN and is refused.
 */
const typedCentsSchema = z
  .number(amountMessage)
  .int(amountMessage)
  .min(1, amountMessage)
  .max(maxRecordedCents, 'payments:admin.validation.amountTooHigh');

/**
 * A refund from the Pagos tab (docs/product/rules.md, refunds): how much of what remains, why, and
 * what it does to the case or consultation the payment opened, chosen every time.
 */
export const refundInputSchema = z.object({
  amountCents: typedCentsSchema,
  reason: requiredTextSchema(500),
  outcome: z.enum(refundOutcomes, { error: 'payments:admin.validation.outcome' }),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** How far back an offline payment may be dated: a year, so a slipped year ('2020') is refused (decisions/020). */
const paidOnReachDays = 365;

/** The first and last day, on the firm's calendar, an offline payment recorded at `now` may be dated. */
export function paidOnBounds(now: Date): { earliest: string; latest: string } {
  return { earliest: firmDay(new Date(now.getTime() - paidOnReachDays * 24 * 60 * 60 * 1000)), latest: firmDay(now) };
}

const paidOnSchema = calendarDateSchema.superRefine((day, context) => {
  // Text that is no day was refused by calendarDateSchema, with its own message.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
  const { earliest, latest } = paidOnBounds(new Date());
  if (day > latest) context.addIssue({ code: 'custom', message: 'payments:admin.errors.paidLater' });
  if (day < earliest) context.addIssue({ code: 'custom', message: 'payments:admin.errors.paidTooLongAgo' });
});

/** The client of an offline payment: an account found by the admin, or a new one made for the person. */
const offlineClientSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('existing'), userId: z.string({ error: 'payments:admin.validation.client' }).min(1, 'payments:admin.validation.client').max(100) }),
    z.object({
      kind: z.literal('new'),
      firstName: requiredTextSchema(),
      lastName: requiredTextSchema(),
      email: emailSchema,
      phone: accountPhoneSchema,
      /** The language the person is written to: the set-password mail and the invoice. */
      language: z.enum(languages, { error: 'validation:invalid' }),
    }),
  ],
  { error: 'payments:admin.validation.client' },
);

/**
 * A payment the firm took by hand (bank transfer, cash, Bizum, card at the office): for whom, for
 * which catalogue service, how much (null: the catalogue price less any consultation credit), how,
 * on which day (today or up to a year back), and the transfer's or receipt's reference if any.
 */
export const offlinePaymentInputSchema = z.object({
  client: offlineClientSchema,
  serviceId: z.string({ error: 'payments:admin.validation.service' }).trim().min(1, 'payments:admin.validation.service').max(100, 'validation:tooLong'),
  amountCents: typedCentsSchema.nullable(),
  method: z.enum(offlinePaymentMethods, { error: 'payments:admin.validation.method' }),
  paidOn: paidOnSchema,
  reference: optionalTextSchema(100),
});
export type OfflinePaymentInput = z.infer<typeof offlinePaymentInputSchema>;

/** What a refund or an offline payment issued: the payment, and its invoice (rectifying for a refund). */
export const recordedPaymentSchema = z.object({ paymentId: z.uuid(), invoice: invoiceLinkSchema });
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/** Whose credit the offers are priced with; none for a new client. */
export const offlineOffersQuerySchema = z.object({ userId: z.string().min(1).max(100).optional() });

/**
 * A catalogue service the firm may record a payment for, priced for the client: a case less their
 * unused consultation credit, as at checkout; a 'from' price is only where the amount starts.
 */
const offlineOfferSchema = z.object({
  id: z.string(),
  kind: serviceKindSchema,
  title: z.string(),
  priceCents: z.number().int(),
  isFromPrice: z.boolean(),
  creditedCents: z.number().int(),
  currency: z.string(),
});
export type OfflineOffer = z.infer<typeof offlineOfferSchema>;
export const offlineOfferListSchema = z.array(offlineOfferSchema);
