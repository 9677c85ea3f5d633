import { caseDisplayId } from '#common/cases/cases.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Tx } from '#server/db/client.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';

/** The mail to the staff member a case is assigned to, in the language they last used (Spanish until they choose another), through the durable outbox. */
export function createCaseAssigneeMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  return {
    assigned: (tx: Tx, to: { email: string; firstName: string; language: Language }, assignment: { caseId: number; by: string }) => {
      const t = translator(to.language);
      const vars = { brand: config.firm.brandName, name: typedText(to.firstName), by: typedText(assignment.by), caseId: caseDisplayId(assignment.caseId) };
      const { text, html } = renderMail(
        {
          greeting: t('cases:assignee.mail.greeting', vars),
          paragraphs: [t('cases:assignee.mail.intro', vars)],
          action: { label: t('cases:assignee.mail.action'), url: `${config.appUrl}/admin/expedientes/${assignment.caseId}` },
          signature: t('mail:signature', vars),
        },
        config.firm,
      );
      return outbox.enqueue(tx, { to: to.email, subject: t('cases:assignee.mail.subject', vars), text, html });
    },
  };
}

export type CaseAssigneeMails = ReturnType<typeof createCaseAssigneeMails>;
