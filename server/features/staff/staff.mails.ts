import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Language } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import { translator } from '#server/platform/translator.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';

/** The invitation to join the staff, in the language the owner chose, through the durable outbox. */
export function createStaffMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  return {
    invitation: (tx: Tx, to: { email: string; role: StaffRole; language: Language; inviter: string; token: string; expiresAt: Date }) => {
      const t = translator(to.language);
      const prefix = to.language === 'es' ? '' : `/${to.language}`;
      const url = `${config.appUrl}${prefix}/equipo/invitacion/${to.token}`;
      const vars = { brand: config.firm.brandName, inviter: typedText(to.inviter), role: t(`staff:roles.${to.role}`), until: formatLongDate(to.expiresAt, to.language) };
      const { text, html } = renderMail(
        {
          greeting: t('mail:greetingWithoutName'),
          paragraphs: [t('staff:mail.intro', vars), t('staff:mail.secondFactor')],
          action: { label: t('staff:mail.action'), url },
          closing: [t('staff:mail.expires', vars), t('staff:mail.ignore')],
          signature: t('mail:signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(tx, { to: to.email, subject: t('staff:mail.subject', vars), text, html });
    },
  };
}

export type StaffMails = ReturnType<typeof createStaffMails>;
