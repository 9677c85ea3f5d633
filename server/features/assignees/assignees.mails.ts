import type { AssignableKind } from '#common/assignees/assignees.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';

/** The back-office tab each kind of work is listed in (web/app/routes/admin/admin-page.tsx). */
const tabs: Record<AssignableKind, string> = {
  consultations: 'consultas',
  'case-quotes': 'presupuestos',
  'translation-quotes': 'presupuestos',
  'translation-requests': 'traducciones',
  'contact-requests': 'contacto',
  chat: 'chat',
};

/**
 * The mail to the staff member a piece of work is assigned to, in the language they last used
 * (Spanish until they choose another), through the durable outbox in the assignment's transaction: what it is, whose,
 * who assigned it, and the tab it is listed in.
 */
export function createAssigneeMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  return {
    assigned: (tx: Tx, to: { email: string; firstName: string; language: Language }, work: { kind: AssignableKind; name: string; by: string }) => {
      const t = translator(to.language);
      const what = t(`assignees:mail.what.${work.kind}`, { name: typedText(work.name) });
      const vars = { brand: config.firm.brandName, name: typedText(to.firstName), by: typedText(work.by), what };
      const { text, html } = renderMail(
        {
          greeting: t('mail:greeting', vars),
          paragraphs: [t('assignees:mail.intro', vars)],
          action: { label: t('assignees:mail.action'), url: `${config.appUrl}/admin?tab=${tabs[work.kind]}` },
          signature: t('mail:signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(tx, { to: to.email, subject: t('assignees:mail.subject', vars), text, html });
    },
  };
}

export type AssigneeMails = ReturnType<typeof createAssigneeMails>;
