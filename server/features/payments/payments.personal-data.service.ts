import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { erasePaymentPassports, findPaymentIds, personalTables, readPayments, recordsPaymentsName } from './payments.personal-data.repository.ts';

export { hasOpenCheckout } from './payments.personal-data.repository.ts';

/**
 * A person's payments and refunds. The law makes the firm keep them as issued (ADR 021), and the
 * cases, consultations and quotes they name, emptied; only the family members' passports go.
 */
export const paymentsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readPayments>>> = {
  tables: personalTables,
  find: async (db, person) => ({ paymentIds: await findPaymentIds(db, person.id) }),
  export: (db, _person, records) => readPayments(db, records.paymentIds),
  keeps: recordsPaymentsName,
  erase: (db, { person }) => erasePaymentPassports(db, person.id),
};
