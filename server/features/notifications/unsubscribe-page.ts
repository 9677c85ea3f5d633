import type { Language } from '#common/i18n/languages.ts';
import type { NotificationKind } from '#common/notifications/notifications.contract.ts';
import { localizedPath } from '#common/site-addresses.ts';
import type { Firm } from '#common/firm.ts';
import { translator } from '#server/platform/translator.ts';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Which moment of the link: asked whether to stop (a mail scanner's visit changes nothing), stopped, or back on. */
export type UnsubscribeStep = 'ask' | 'done' | 'resubscribed';

/** Where the page's buttons post; each carries the link's token. */
export const unsubscribeActions = { unsubscribe: '/api/notifications/unsubscribe', resubscribe: '/api/notifications/resubscribe' } as const;

/**
 * The page an unsubscribe link opens, in the account's language, without a session or a script:
 * the kinds it names, one button (stop them, or have them again), and the way to every choice on
 * /perfil.
 */
export function unsubscribePage(page: { step: UnsubscribeStep; language: Language; kinds: readonly NotificationKind[]; token: string; firm: Firm }): string {
  const { step, language, kinds, token, firm } = page;
  const t = translator(language);
  const button =
    step === 'done'
      ? { action: unsubscribeActions.resubscribe, label: t('notifications:unsubscribe.resubscribe'), field: 'resubscribe=1' }
      : step === 'ask'
        ? { action: unsubscribeActions.unsubscribe, label: t('notifications:unsubscribe.confirm'), field: 'List-Unsubscribe=One-Click' }
        : undefined;
  const [fieldName, fieldValue] = button?.field.split('=') ?? [];
  const form = button
    ? `<form method="post" action="${escapeHtml(`${button.action}?token=${encodeURIComponent(token)}`)}"><input type="hidden" name="${escapeHtml(fieldName ?? '')}" value="${escapeHtml(fieldValue ?? '')}"><button type="submit">${escapeHtml(button.label)}</button></form>`
    : '';
  const title = t(`notifications:unsubscribe.${step}.title`);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(`${title} · ${firm.brandName}`)}</title></head>` +
    `<body><main><p>${escapeHtml(firm.brandName)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t(`notifications:unsubscribe.${step}.intro`))}</p>` +
    `<ul>${kinds.map((kind) => `<li>${escapeHtml(t(`notifications:kinds.${kind}.label`))}</li>`).join('')}</ul>` +
    `<p>${escapeHtml(t('notifications:unsubscribe.required'))}</p>${form}` +
    `<p><a href="${escapeHtml(`${localizedPath('/perfil', language)}#avisos`)}">${escapeHtml(t('notifications:unsubscribe.preferences'))}</a></p></main></body></html>`
  );
}
