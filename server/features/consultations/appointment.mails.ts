import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { enGB, es, fr } from 'date-fns/locale';
import { appointmentMinutes } from '#common/consultations/booking-rules.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { serviceOffer } from '#server/features/services/services.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { MailAttachment } from '#server/integrations/mail/mailer.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { AppError } from '#server/platform/app-error.ts';
import { findAppointment, setAppointmentReminder, type AppointmentRow } from './appointment.repository.ts';
import { calendarInvitation } from '#server/platform/ics.ts';
import { panelAddress } from '#common/site-addresses.ts';

const appointmentMs = appointmentMinutes * 60 * 1000;

/** How long before an appointment its reminder leaves. */
export const appointmentReminderLeadMs = 24 * 60 * 60 * 1000;

type Audience = 'client' | 'firm';

/** Which mail of an appointment: booked, moved, cancelled, the day-before reminder, or the video link set. */
type AppointmentEvent = 'booked' | 'rescheduled' | 'cancelled' | 'reminder' | 'videoLink';

const locales = { es, en: enGB, fr };

/** '25 November 2026' style day with its weekday, and the time, both on the firm's clock. */
function appointmentTime(at: Date, language: Language) {
  const local = new TZDate(at, firmTimeZone);
  return { date: format(local, 'PPPP', { locale: locales[language] }), time: format(local, 'HH:mm') };
}

/**
 * The mails of a client's appointment, each to the client in their language and to the firm's inbox
 * (FIRM_EMAIL) in Spanish, with the calendar invitation (.ics) attached: a request when it is booked,
 * moved or gets its video link, a cancellation when it is cancelled. Each loads the consultation and
 * its client itself, and puts its mails in the outbox of the caller's transaction.
 *
 * The invitation's UID is the consultation's; its SEQUENCE is the number of seconds from the
 * consultation's creation to the mail, so every later version outranks the earlier ones without a
 * counter of its own (docs/decisions/014-appointment-invitations.md).
 */
export function createAppointmentMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox, now: Clock = () => new Date()) {
  const brand = config.firm.brandName;
  const host = new URL(config.appUrl).hostname;

  async function load(tx: Db | Tx, consultationId: string): Promise<AppointmentRow> {
    const row = await findAppointment(tx, consultationId);
    if (!row) throw new Error(`consultation ${consultationId} has no client to mail`);
    return row;
  }

  /** The words of the place: the office's address, the video call's link, or the phone the firm calls. */
  function place(row: AppointmentRow, language: Language, audience: Audience) {
    const t = translator(language);
    const vars = { address: config.firm.address, url: row.videoUrl ?? '', phone: row.client.phone };
    const how = (mode: string) => t(`appointments:mail.how.${audience}.${mode}`, vars);
    switch (row.meetingMode) {
      case 'office':
        return { location: config.firm.address, how: how('office') };
      case 'video':
        return row.videoUrl
          ? { location: row.videoUrl, url: row.videoUrl, how: how('video') }
          : { location: t('appointments:mail.location.videoPending'), how: how('videoPending') };
      default:
        return { location: t('appointments:mail.location.phone'), how: how(row.client.phone ? 'phone' : 'phoneProfile') };
    }
  }

  /** The appointment's .ics: the same event (UID) whether mailed as an invitation or downloaded from the panel. */
  function calendarFile(row: AppointmentRow & { scheduledAt: Date }, language: Language, audience: Audience, method: 'REQUEST' | 'CANCEL' | 'PUBLISH'): string {
    const t = translator(language);
    const stamp = now();
    const clientName = typedText(`${row.client.firstName} ${row.client.lastName}`.trim());
    const { location, url, how } = place(row, language, audience);
    return calendarInvitation({
      method,
      uid: `consultation-${row.id}@${host}`,
      sequence: Math.max(0, Math.floor((stamp.getTime() - row.createdAt.getTime()) / 1000)),
      stamp,
      start: row.scheduledAt,
      end: new Date(row.scheduledAt.getTime() + appointmentMs),
      summary: t(`appointments:ics.summary.${audience}`, { brand, name: clientName }),
      description: [how, t(`appointments:ics.description.${audience}`, { panelUrl: `${config.appUrl}${panelAddress(language)}`, adminUrl: `${config.appUrl}/admin?tab=agenda` })].join('\n\n'),
      location,
      url,
      organizer: { name: brand, email: config.firm.email },
      attendee: { name: clientName, email: row.client.email },
    });
  }

  function invitation(row: AppointmentRow, language: Language, audience: Audience, method: 'REQUEST' | 'CANCEL'): MailAttachment[] {
    if (!row.scheduledAt) return [];
    const t = translator(language);
    const ics = calendarFile({ ...row, scheduledAt: row.scheduledAt }, language, audience, method);
    return [
      {
        filename: t('appointments:ics.filename'),
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ];
  }

  function render(row: AppointmentRow, event: AppointmentEvent, audience: Audience) {
    const language = audience === 'client' ? row.client.language : defaultLanguage;
    const t = translator(language);
    const at = row.scheduledAt ? appointmentTime(row.scheduledAt, language) : { date: '', time: '' };
    const clientName = typedText(`${row.client.firstName} ${row.client.lastName}`.trim());
    const vars = { brand, name: audience === 'client' ? typedText(row.client.firstName) : clientName, ...at };
    const key = `appointments:mail.${audience}`;
    const details =
      audience === 'firm'
        ? [t('appointments:mail.firm.contact', { email: row.client.email, phone: row.client.phone || '—' })]
        : event === 'cancelled'
          ? []
          : [t('appointments:mail.client.changes')];
    const { text, html } = renderMail(
      {
        greeting: t(`${key}.greeting`, vars),
        paragraphs: [
          t(`${key}.${event}`, vars),
          ...(event === 'cancelled' ? [] : [place(row, language, audience).how]),
          ...details,
          ...(event === 'cancelled' || event === 'reminder' ? [] : [t('appointments:mail.calendar')]),
        ],
        action: {
          label: t(`${key}.action`),
          url: audience === 'client' ? `${config.appUrl}${panelAddress(language)}` : `${config.appUrl}/admin?tab=agenda`,
        },
        signature: t('appointments:mail.signature', vars),
      },
      config.firm,
    );
    const method = event === 'cancelled' ? 'CANCEL' : 'REQUEST';
    return {
      subject: t(`${key}.subject.${event}`, vars),
      text,
      html,
      ...(event === 'reminder' ? {} : { attachments: invitation(row, language, audience, method) }),
    };
  }

  async function send(tx: Db | Tx, consultationId: string, event: AppointmentEvent, audiences: ReadonlyArray<Audience> = ['client', 'firm']) {
    const row = await load(tx, consultationId);
    if (!row.scheduledAt && event !== 'cancelled') throw new Error(`consultation ${consultationId} has no appointment`);
    for (const audience of audiences) {
      const message = render(row, event, audience);
      await outbox.enqueue(tx, audience === 'client' ? { to: row.client.email, ...message } : { to: config.mail.firmInbox, replyTo: row.client.email, ...message });
    }
  }

  /**
   * The mail of a new time stands for the reminder when the appointment is within 24 hours;
   * otherwise the reminder is due (again) a day before it.
   */
  async function resetReminder(tx: Db | Tx, consultationId: string) {
    const row = await load(tx, consultationId);
    const at = now();
    const isClose = row.scheduledAt !== null && row.scheduledAt.getTime() - at.getTime() <= appointmentReminderLeadMs;
    await setAppointmentReminder(tx, consultationId, isClose ? at : null);
  }

  return {
    /**
     * The client's own booked appointment as a calendar file (their panel's "add to calendar"), in
     * their language; anyone else's, or one not booked, is not found.
     */
    calendar: async (db: Db, consultationId: string, userId: string): Promise<{ filename: string; ics: string }> => {
      const row = await findAppointment(db, consultationId);
      if (!row || row.userId !== userId || row.status !== 'pendiente' || !row.scheduledAt) throw new AppError('notFound');
      const language = row.client.language;
      return { filename: translator(language)('appointments:ics.filename'), ics: calendarFile({ ...row, scheduledAt: row.scheduledAt }, language, 'client', 'PUBLISH') };
    },
    /** The appointment is booked: both sides get the invitation. */
    booked: async (tx: Db | Tx, consultationId: string) => {
      await resetReminder(tx, consultationId);
      await send(tx, consultationId, 'booked');
    },
    /** The appointment moved: the updated invitation, and its reminder is due again before the new time. */
    rescheduled: async (tx: Db | Tx, consultationId: string) => {
      await resetReminder(tx, consultationId);
      await send(tx, consultationId, 'rescheduled');
    },
    /** The appointment is cancelled: the cancellation removes it from both calendars. */
    cancelled: (tx: Db | Tx, consultationId: string) => send(tx, consultationId, 'cancelled'),
    /** The day-before reminder, to both sides. */
    reminder: (tx: Db | Tx, consultationId: string) => send(tx, consultationId, 'reminder'),
    /** The firm set or changed the video call's link: the client gets the updated invitation. */
    videoLink: (tx: Db | Tx, consultationId: string) => send(tx, consultationId, 'videoLink', ['client']),
    /** The consultation is completed: the client is told the outcome is in their panel, with the recommended case to hire. */
    completed: async (tx: Db | Tx, consultationId: string) => {
      const row = await findAppointment(tx, consultationId);
      if (!row) return;
      const language = row.client.language;
      const t = translator(language);
      const recommended = row.recommendedServiceId ? await serviceOffer({ db: tx }, row.recommendedServiceId, language) : null;
      const vars = { brand, name: typedText(row.client.firstName), title: recommended?.title ?? '' };
      const { text, html } = renderMail(
        {
          greeting: t('appointments:mail.client.greeting', vars),
          paragraphs: [t('appointments:mail.outcome.intro', vars), ...(recommended ? [t('appointments:mail.outcome.recommended', vars)] : [])],
          action: recommended
            ? { label: t('appointments:mail.outcome.hire', vars), url: `${config.appUrl}/iniciar-tramite?servicio=${encodeURIComponent(recommended.id)}` }
            : { label: t('appointments:mail.client.action'), url: `${config.appUrl}${panelAddress(language)}` },
          closing: recommended ? [t('appointments:mail.outcome.panel', { url: `${config.appUrl}${panelAddress(language)}` })] : [],
          signature: t('appointments:mail.signature', vars),
        },
        config.firm,
      );
      await outbox.enqueue(tx, { to: row.client.email, subject: t('appointments:mail.outcome.subject', vars), text, html });
    },
  };
}

export type AppointmentMails = ReturnType<typeof createAppointmentMails>;
