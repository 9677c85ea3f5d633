import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { enGB, es, fr } from 'date-fns/locale';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { panelAddress } from '#common/site-addresses.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { calendarInvitation } from '#server/platform/ics.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { OfficialAppointmentRow } from './official-appointments.repository.ts';

/** Which mail of an appointment: recorded, moved (or its details changed), cancelled, or a reminder before it. */
export type AppointmentMailEvent = 'booked' | 'moved' | 'cancelled' | 'reminder';

type Client = { userId: string; email: string; firstName: string; lastName: string; language: Language };

/** An appointment's slot in the client's calendar: the administration gives a time, not a length. */
const calendarSlotMs = 60 * 60 * 1000;

const locales = { es, en: enGB, fr };

/**
 * The client's mails of an appointment with the administration, in their language: the details,
 * what to bring, and (but for a reminder) the calendar invitation, whose UID is the appointment's
 * and whose SEQUENCE grows with the seconds since it was recorded (ADR 014).
 */
export function createOfficialAppointmentMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;
  const host = new URL(config.appUrl).hostname;

  return {
    send: (tx: Tx, event: AppointmentMailEvent, row: OfficialAppointmentRow, client: Client, stamp: Date) => {
      const language = client.language;
      const t = translator(language);
      const local = new TZDate(row.startsAt, firmTimeZone);
      const vars = {
        brand,
        name: typedText(client.firstName),
        caseId: caseDisplayId(row.caseId),
        kind: t(`official-appointments:kinds.${row.kind}`),
        date: format(local, 'PPPP', { locale: locales[language] }),
        time: format(local, 'HH:mm'),
        office: typedText(row.office),
        address: typedText(row.officeAddress),
        reference: typedText(row.reference ?? ''),
      };
      const details =
        event === 'cancelled'
          ? []
          : [
              t('official-appointments:mail.where', vars),
              ...(row.reference ? [t('official-appointments:mail.reference', vars)] : []),
              [t('official-appointments:mail.bring'), ...row.whatToBring.split('\n').map((line) => `• ${typedText(line)}`)].join('\n'),
              t('official-appointments:mail.punctual'),
            ];
      const { text, html } = renderMail(
        {
          greeting: t('official-appointments:mail.greeting', vars),
          paragraphs: [
            t(`official-appointments:mail.${event}`, vars),
            ...details,
            ...(event === 'reminder' ? [] : [t('official-appointments:mail.calendar')]),
          ],
          action: { label: t('official-appointments:mail.action'), url: `${config.appUrl}${panelAddress(language, caseDisplayId(row.caseId))}` },
          signature: t('official-appointments:mail.signature', vars),
        },
        config.firm,
      );
      const method = event === 'cancelled' ? 'CANCEL' : 'REQUEST';
      const invitation = calendarInvitation({
        method,
        uid: `official-appointment-${row.id}@${host}`,
        sequence: Math.max(0, Math.floor((stamp.getTime() - row.createdAt.getTime()) / 1000)),
        stamp,
        start: row.startsAt,
        end: new Date(row.startsAt.getTime() + calendarSlotMs),
        summary: t('official-appointments:ics.summary', vars),
        description: [row.reference ? t('official-appointments:mail.reference', vars) : '', t('official-appointments:mail.bring'), row.whatToBring].filter(Boolean).join('\n'),
        location: `${row.office}, ${row.officeAddress}`,
        organizer: { name: brand, email: config.firm.email },
        attendee: { name: `${client.firstName} ${client.lastName}`.trim(), email: client.email },
      });
      return outbox.enqueueNotice(tx, { userId: client.userId, language, kinds: ['appointments'] }, () => ({
        to: client.email,
        subject: t(`official-appointments:mail.subject.${event}`, vars),
        text,
        html,
        ...(event === 'reminder'
          ? {}
          : {
              attachments: [
                {
                  filename: t('official-appointments:ics.filename'),
                  contentType: `text/calendar; charset=utf-8; method=${method}`,
                  contentBase64: Buffer.from(invitation, 'utf8').toString('base64'),
                },
              ],
            }),
      }));
    },
  };
}

export type OfficialAppointmentMails = ReturnType<typeof createOfficialAppointmentMails>;
