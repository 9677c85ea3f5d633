// Kept apart from the zod contract: the sign-in and registration pages need it without loading zod up front.

const base = 'http://site.invalid';

/**
 * A path on this site ('/servicios#consultas'), never an address elsewhere ('//evil.example',
 * 'https://…') nor one that becomes such once its dot segments are resolved ('/.//evil.example').
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  try {
    const url = new URL(value, base);
    return url.origin === base && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** The page an account page brings the visitor back to afterwards: the `redirect` parameter, when it stays on the site. */
export function returnPathFrom(search: URLSearchParams): string | null {
  const redirect = search.get('redirect');
  return redirect && isSitePath(redirect) ? redirect : null;
}
