import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import { expressConsultationType } from '#common/consultations/consultation-thread.contract.ts';
import { translationServiceId } from '#common/services/offers.ts';
import type { Purchase } from './payment-result.ts';

/**
 * What really happens after a purchase, one word per kind (payments:result.next.* for the client,
 * payments:mail.firm.next.* for the firm): a booked consultation, the express written answer, a
 * translation's delivery, a case's start, or another consultation the firm calls about.
 */
export type NextStep = 'booked' | 'express' | 'translation' | 'case' | 'consultation';

export function nextStepOf({ kind, serviceId }: Purchase): NextStep {
  if (kind === 'case') return serviceId === translationServiceId ? 'translation' : 'case';
  if (serviceId === scheduledConsultationType) return 'booked';
  return serviceId === expressConsultationType ? 'express' : 'consultation';
}
