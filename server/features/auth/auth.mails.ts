import type { Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import { translator } from '#server/i18n.ts';
import { renderMail } from '#server/integrations/mail/layout.ts';
import type { Mailer } from '#server/integrations/mail/mailer.ts';

type Recipient = { email: string; firstName: string; language: Language };
type Kind = 'confirmAccount' | 'existingAccount' | 'resetPassword' | 'changeEmail';

/** The account mails, each in the language of the person who asked for it. */
export function createAuthMails(config: Pick<AppConfig, 'appUrl' | 'firm'>, mailer: Mailer) {
  async function send(kind: Kind, to: Recipient, action: { url: string }, extra: string[] = []) {
    const t = translator(to.language);
    const vars = { brand: config.firm.brandName, name: to.firstName || to.email };
    const { text, html } = renderMail(
      {
        greeting: t('mail:greeting', vars),
        paragraphs: [t(`mail:${kind}.intro`, vars), ...extra],
        action: { label: t(`mail:${kind}.action`), url: action.url },
        closing: [t(`mail:${kind}.ignore`)],
        signature: t('mail:signature', vars),
      },
      config.firm,
    );
    await mailer.send({ to: to.email, subject: t(`mail:${kind}.subject`, vars), text, html });
  }

  return {
    confirmAccount: (to: Recipient, url: string) => send('confirmAccount', to, { url }),
    /** Someone tried to register with an address that already has an account. */
    existingAccount: (to: Recipient) => {
      const t = translator(to.language);
      return send('existingAccount', to, { url: `${config.appUrl}/acceder` }, [
        t('mail:existingAccount.reset', { url: `${config.appUrl}/acceder?recuperar=1` }),
      ]);
    },
    resetPassword: (to: Recipient, url: string) => send('resetPassword', to, { url }),
    changeEmail: (to: Recipient, url: string) => send('changeEmail', to, { url }),
  };
}

export type AuthMails = ReturnType<typeof createAuthMails>;
