/** An address shown without giving it away: 'ana.nueva@example.com' → 'a***@e***.com'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const [name, suffix] = dot > 0 ? [domain.slice(0, dot), domain.slice(dot)] : [domain, ''];
  return `${local.slice(0, 1)}***@${name.slice(0, 1)}***${suffix}`;
}
