import type { Firm } from '#common/firm.ts';

export type MailContent = {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the action, such as 'if you did not ask for this, ignore this mail'. */
  closing?: string[];
  signature: string;
};

/** A dot, also as the ideographic and full-width forms that browsers read as one in an address. */
const dot = '[.\u3002\uFF0E\uFF61]';
const schemeSeparator = /:\/\//g;
/** File extensions that are no domain's ending, so 'pasaporte.pdf' stays as it is ('.zip' is a domain ending). */
const fileExtensions = 'pdf|jpe?g|png|gif|webp|heic|heif|docx?|odt|rtf|txt|xlsx?';
const dotBeforeLabel = new RegExp(`(?<=[\\p{L}\\p{N}])${dot}(?=\\p{L})(?!(?:${fileExtensions})(?![\\p{L}\\p{N}]))`, 'giu');

/**
 * Words a person typed (a name, a message, a file's name), as a mail shows them: what a mail
 * program would turn into a link is broken the way security notices quote addresses
 * ('https[:]//evil[.]test'), so nobody's text becomes a link in the firm's own mail, in either
 * part (the HTML part escapes it as well). A number ('1.500'), a sentence's full stop and a
 * document's extension ('pasaporte.pdf') stay.
 */
export function typedText(value: string): string {
  return value.replace(schemeSeparator, '[:]//').replace(dotBeforeLabel, '[.]');
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One look for every mail: a plain-text part with full links, and a simple, escaped HTML part. */
export function renderMail(content: MailContent, firm: Firm): { text: string; html: string } {
  const closing = content.closing ?? [];
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [content.action.label, content.action.url, ''] : []),
    ...closing.flatMap((p) => [p, '']),
    content.signature,
    firm.brandName,
    firm.address,
    firm.phone,
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f7fa;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:bold;font-size:18px;color:#0f3d5e">${escapeHtml(firm.brandName)}</p>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0f3d5e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(content.action.url)}</p>`
    : ''
}
${closing.map(paragraph).join('\n')}
${paragraph(content.signature)}
<p style="margin:24px 0 0;font-size:12px;color:#475569">${escapeHtml(firm.legalName)} · ${escapeHtml(firm.address)} · ${escapeHtml(firm.phone)}</p>
${mailEnd}`;
  return { text, html };
}

const mailEnd = '</div></body></html>';

/** A rendered mail with one more line at its foot, in both parts: the link that turns off its kind of mail. */
export function withFooterLink(mail: { text: string; html: string }, link: { label: string; url: string }): { text: string; html: string } {
  const line = `<p style="margin:16px 0 0;font-size:12px;color:#475569"><a href="${escapeHtml(link.url)}" style="color:#475569">${escapeHtml(link.label)}</a></p>\n`;
  const html = mail.html.endsWith(mailEnd) ? `${mail.html.slice(0, -mailEnd.length)}${line}${mailEnd}` : `${mail.html}${line}`;
  return { text: `${mail.text}\n\n${link.label}: ${link.url}`, html };
}
