/**
 * News content is Markdown written in the admin panel. Raw HTML is turned into literal text and
 * links may only use web, mail and phone schemes, so an article can never carry script.
 */
export function sanitizeMarkdown(markdown: string): string {
  return markdown
    .replaceAll('\u0000', '')
    .replace(/</g, '&lt;')
    .replace(/\]\(\s*(?!https?:|mailto:|tel:|\/|#)[^)]*\)/gi, '](#)');
}
