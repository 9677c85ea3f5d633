/**
 * The text of a Markdown article without its markers, on one line: enough for a clamped preview
 * without loading a Markdown parser on the home page.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm, '')
    .replace(/\*\*|__|~~|[*`]/g, '')
    .replace(/\b_|_\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
