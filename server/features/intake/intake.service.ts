// What the public request forms (contact, translations, expatriation) share: their per-address
// limit, and the mails that tell the firm and acknowledge the request.
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { Translate } from '#common/i18n/translate.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import { renderMail, typedText } from '#server/integrations/mail/layout.ts';
import type { MailMessage } from '#server/integrations/mail/mailer.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';

/** Each public form accepts this many submissions an hour from one IP address. */
const intakeSubmissionsPerHour = 10;

export const intakeRateLimit = (name: string): RateLimitRule => ({ name: `intake-${name}`, limit: intakeSubmissionsPerHour, windowSeconds: 3600 });

type IntakeKind = 'contact' | 'translationQuote' | 'translationRequest' | 'expatriation';

/** Summary lines as [catalog key of the label under `mail-intake:fields`, value]; empty values are left out. */
export type IntakeSummary = (t: Translate) => Array<[label: string, value: string | undefined]>;

type IntakeNotice = {
  kind: IntakeKind;
  /** The sender's language, for the acknowledgment. */
  language: Language;
  name: string;
  email: string;
  /** Everything the firm needs to read. */
  summary: IntakeSummary;
  /** The part the sender gets back: never their free text, so the form cannot relay messages to a third party. */
  receipt: IntakeSummary;
};

function lines(t: Translate, summary: IntakeSummary): string[] {
  return summary(t)
    .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
    .map(([label, value]) => `${t(`mail-intake:fields.${label}`)}: ${label === 'email' ? value : typedText(value)}`);
}

/**
 * The two mails of every public request: a summary to the firm's inbox (FIRM_EMAIL) with a link to
 * the admin panel, and an acknowledgment to the sender in their language with the promised reply time.
 */
export function createIntakeMails(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox) {
  const brand = config.firm.brandName;

  function firmMail(notice: IntakeNotice): MailMessage {
    const t = translator(defaultLanguage);
    const vars = { name: typedText(notice.name), brand };
    const { text, html } = renderMail(
      {
        greeting: t('mail-intake:firm.greeting'),
        paragraphs: [
          t(`mail-intake:firm.${notice.kind}.intro`),
          ...lines(t, notice.summary),
          t('mail-intake:fields.language') + `: ${t(`mail-intake:languages.${notice.language}`)}`,
          t('mail-intake:firm.replyHint', vars),
        ],
        action: { label: t('mail-intake:firm.action'), url: `${config.appUrl}/admin` },
        signature: t('mail-intake:firm.signature', vars),
      },
      config.firm,
    );
    return {
      to: config.mail.firmInbox,
      subject: t(`mail-intake:firm.${notice.kind}.subject`, vars),
      text,
      html,
      replyTo: notice.email,
    };
  }

  function acknowledgment(notice: IntakeNotice): MailMessage {
    const t = translator(notice.language);
    const vars = { brand };
    const receipt = lines(t, notice.receipt);
    const { text, html } = renderMail(
      {
        // The address was typed in a public form and never confirmed: the name typed with it stays out.
        greeting: t('mail:greetingWithoutName'),
        paragraphs: [t(`mail-intake:ack.${notice.kind}.intro`, vars), ...(receipt.length ? [t('mail-intake:ack.summaryTitle'), ...receipt] : [])],
        closing: [t('mail-intake:ack.ignore')],
        signature: t('mail-intake:ack.signature', vars),
      },
      config.firm,
    );
    return { to: notice.email, subject: t(`mail-intake:ack.${notice.kind}.subject`, vars), text, html };
  }

  return {
    /** Puts both mails in the outbox; pass the transaction that stores the request. */
    notify: async (executor: Db | Tx, notice: IntakeNotice) => {
      await outbox.enqueue(executor, firmMail(notice));
      await outbox.enqueue(executor, acknowledgment(notice));
    },
  };
}

export type IntakeMails = ReturnType<typeof createIntakeMails>;
