// Kept apart from the zod contract: the sign-in and registration pages need it without loading zod up front.

/** A path on this site ('/servicios#consultas'), never an address elsewhere ('//evil.example', 'https://…'). */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** The page an account page brings the visitor back to afterwards: the `redirect` parameter, when it stays on the site. */
export function returnPathFrom(search: URLSearchParams): string | null {
  const redirect = search.get('redirect');
  return redirect && isSitePath(redirect) ? redirect : null;
}
