import { firmTimeZone, formatLongDate } from '#common/long-date.ts';
import { intlLocales, type Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';

type Recipient = { email: string; firstName: string; language: Language };
type Kind = 'confirmAccount' | 'existingAccount' | 'resetPassword' | 'setPassword' | 'changeEmail' | 'emailChanged';

/** What the old address is told once an e-mail change is confirmed. */
type EmailChangedNotice = { maskedEmail: string; changedAt: Date; undoUrl: string; undoUntil: Date };

/**
 * The mails that go to an address nobody has confirmed yet (a registration, the new address of an
 * e-mail change): whoever typed the account's name may not own that address, so the greeting
 * leaves the name out and nobody can write to a stranger in the firm's voice.
 */
const toUnconfirmedAddress: ReadonlySet<Kind> = new Set(['confirmAccount', 'changeEmail']);

/** The account mails, each in the language of the person who asked for it, put in the outbox from Better Auth's callbacks. */
export function createAuthMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox) {
  function send(executor: Db | Tx, kind: Kind, to: Recipient, action: { url: string }, extra: string[] = [], values: Record<string, string> = {}) {
    const t = translator(to.language);
    const vars = { ...values, brand: config.firm.brandName, name: typedText(to.firstName || to.email) };
    const { text, html } = renderMail(
      {
        greeting: toUnconfirmedAddress.has(kind) ? t('mail:greetingWithoutName') : t('mail:greeting', vars),
        paragraphs: [t(`mail:${kind}.intro`, vars), ...extra],
        action: { label: t(`mail:${kind}.action`), url: action.url },
        closing: [t(`mail:${kind}.ignore`)],
        signature: t('mail:signature', vars),
      },
      config.firm,
    );
    return outbox.enqueue(executor, { to: to.email, subject: t(`mail:${kind}.subject`, vars), text, html });
  }

  return {
    confirmAccount: (executor: Db | Tx, to: Recipient, url: string) => send(executor, 'confirmAccount', to, { url }),
    /** Someone tried to register with an address that already has an account. */
    existingAccount: (executor: Db | Tx, to: Recipient) => {
      const t = translator(to.language);
      return send(executor, 'existingAccount', to, { url: `${config.appUrl}/acceder` }, [
        t('mail:existingAccount.reset', { url: `${config.appUrl}/acceder?recuperar=1` }),
      ]);
    },
    resetPassword: (executor: Db | Tx, to: Recipient, url: string) => send(executor, 'resetPassword', to, { url }),
    /** The first password of an account made without one: from a quote's mailed link, or by the firm recording a payment. */
    setPassword: (executor: Db | Tx, to: Recipient, url: string) =>
      send(executor, 'setPassword', to, { url }, [translator(to.language)('mail:setPassword.later', { url: `${config.appUrl}/acceder?recuperar=1` })]),
    changeEmail: (executor: Db | Tx, to: Recipient, url: string) => send(executor, 'changeEmail', to, { url }),
    /** To the address an account just left: where it went (masked), when, and the link to undo it. */
    emailChanged: (executor: Db | Tx, to: Recipient, notice: EmailChangedNotice) => {
      const t = translator(to.language);
      const changedAt = new Intl.DateTimeFormat(intlLocales[to.language], { dateStyle: 'long', timeStyle: 'short', timeZone: firmTimeZone }).format(notice.changedAt);
      return send(executor, 'emailChanged', to, { url: notice.undoUrl }, [t('mail:emailChanged.undo', { until: formatLongDate(notice.undoUntil, to.language) })], {
        email: notice.maskedEmail,
        date: changedAt,
      });
    },
  };
}

export type AuthMails = ReturnType<typeof createAuthMails>;
