import { addBusinessTime, businessTimeBetween, type FirmSchedule } from '#common/agenda/firm-hours.ts';
import { expatriationConsultationType } from '#common/consultations/consultations.contract.ts';
import { intlLocales, type Language } from '#common/i18n/languages.ts';

/**
 * The reply-time promises of the site, as timers (docs/product/reply-times.md): how many of the
 * firm's business hours each kind of request may wait for the firm's first answer, counted from
 * the moment its timer starts (the request's arrival; for the chat, the oldest visitor message the
 * firm has not answered yet). The one place these numbers live.
 */
export const promisedBusinessHours = {
  /** 'Te responderemos en 24-48 horas laborables': the promise's outer end. */
  contact: 48,
  /** 'Te enviaremos el presupuesto en 24/48 h'. */
  translation: 48,
  /** The expatriation form: 24-48 business hours, as every request. */
  expatriation: 48,
  /** A chat conversation waiting for the firm: 24-48 business hours, as every request. */
  chat: 48,
  /** 'Un asesor te llamará en las próximas 24 horas' after the payment: the call is set, or made. */
  scheduled: 24,
  /** The express consultation's own card: 'Respuesta en menos de 8 horas'. */
  express: 8,
} as const;
export type ReplyPromise = keyof typeof promisedBusinessHours;

/** The promise a consultation is under, by its type: none for a type the site promises nothing for. */
export function consultationPromise(consultationType: string): ReplyPromise | null {
  if (consultationType === expatriationConsultationType) return 'expatriation';
  if (consultationType === 'express' || consultationType === 'scheduled') return consultationType;
  return null;
}

export type ReplyTimer = {
  /** When the answer is due, on the firm's hours. */
  dueAt: Date;
  /** The firm's open time from now until it is due (ms); zero or less once it is overdue, as far past as the open time since. */
  businessMsLeft: number;
};

const hourMs = 60 * 60 * 1000;

/**
 * The timer of a request under `promise` whose clock started at `since`, read at `now`; null when
 * the firm has no open hours for a year ahead, so that nothing can be due.
 */
export function replyTimer(schedule: FirmSchedule, promise: ReplyPromise, since: Date, now: Date): ReplyTimer | null {
  const dueAt = addBusinessTime(schedule, since, promisedBusinessHours[promise] * hourMs);
  if (!dueAt) return null;
  // `|| 0`: no open time since the due time reads as 0, not -0.
  return { dueAt, businessMsLeft: businessTimeBetween(schedule, now, dueAt) || 0 };
}

/** Due at this instant or before: the time left of a request not yet due is always above zero (its due time lies in open hours). */
export const isOverdue = (timer: Pick<ReplyTimer, 'businessMsLeft'>) => timer.businessMsLeft <= 0;

/**
 * What a timer says, in the reader's language: the time left ('5 h 30 min', rounded up: a minute
 * not yet gone is still there), the time overdue ('3 h', rounded down), or that it is due now
 * (overdue by less than a minute of open time, as on the evening it fell due at closing time).
 * The words around it are the catalog's `reply-timers:reading.<state>`.
 */
export function timerReading(businessMsLeft: number, language: Language): { state: 'left' | 'overdue' | 'dueNow'; time: string } {
  const minutes = businessMsLeft > 0 ? Math.ceil(businessMsLeft / 60_000) : Math.floor(-businessMsLeft / 60_000);
  const state = businessMsLeft > 0 ? 'left' : minutes === 0 ? 'dueNow' : 'overdue';
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(intlLocales[language], { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  const time = [...(hours > 0 ? [unit(hours, 'hour')] : []), ...(minutes % 60 > 0 || hours === 0 ? [unit(minutes % 60, 'minute')] : [])].join(' ');
  return { state, time };
}
