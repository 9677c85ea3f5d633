/** A download name for Content-Disposition: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
