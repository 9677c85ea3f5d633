import { isLanguage } from '#common/i18n/languages.ts';

/** The secrets a route's address carries, which the request log shows replaced (a mailed link's token, a way back to such a page). */
export type AddressSecrets = {
  /** Path parameters whose value is a secret (`/presupuesto/:token`). */
  params?: readonly string[];
  /** Query parameters whose value is a secret (`?token=`). */
  query?: readonly string[];
  /** Query parameters whose value is an address of the site, shown with that page's own secrets replaced (`?redirect=`). */
  addresses?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The secrets in this route's address: the request log replaces them. */
    addressSecrets?: AddressSecrets;
  }
}

/**
 * The pages whose address carries a secret (common/pages.ts names every page). They are drawn by
 * the not-found handler rather than routes of their own, so their marks are kept here.
 */
export const secretPages: Readonly<Record<string, AddressSecrets>> = {
  '/presupuesto/:token': { params: ['token'] },
  '/equipo/invitacion/:token': { params: ['token'] },
  '/actualizar-contrasena': { query: ['token'] },
  '/deshacer-cambio-email': { query: ['token'] },
  '/acceder': { addresses: ['redirect'] },
  '/registro': { addresses: ['redirect'] },
};

const redacted = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const decodedQueryPart = (text: string) => decoded(text.replaceAll('+', ' '));

/** The path and query of a request target, also in absolute form (`GET http://host/path`). */
function splitTarget(target: string): { path: string; query: string | undefined } {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      return { path: url.pathname, query: url.search ? url.search.slice(1) : undefined };
    } catch {
      return { path: target, query: undefined };
    }
  }
  const queryStart = target.indexOf('?');
  return queryStart === -1 ? { path: target, query: undefined } : { path: target.slice(0, queryStart), query: target.slice(queryStart + 1) };
}

/** The path's segments as the router reads them: decoded, empty and '.' segments dropped, '..' going up. */
function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  for (const segment of decoded(path).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** Whether the segments are the pattern's (`:name` for any one segment), letters in any case as the routers take them. */
function matches(segments: string[], pattern: string): boolean {
  const expected = pattern.split('/').filter(Boolean);
  return expected.length === segments.length && expected.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase());
}

/** A route's secrets for these segments: the matched route's own, else a page's (after its language prefix). */
function secretsOf(segments: string[], route: { pattern?: string; secrets?: AddressSecrets }): { prefix: number; pattern: string; secrets: AddressSecrets } | undefined {
  if (route.pattern && route.secrets) return { prefix: 0, pattern: route.pattern, secrets: route.secrets };
  const prefix = isLanguage(segments[0] ?? '') && segments.length > 1 ? 1 : 0;
  for (const [pattern, secrets] of Object.entries(secretPages)) {
    if (matches(segments.slice(prefix), pattern)) return { prefix, pattern, secrets };
  }
  return undefined;
}

function loggedQuery(query: string, secrets: AddressSecrets, depth: number): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      const name = decodedQueryPart(rawName);
      if (secrets.query?.includes(name)) return `${rawName}=${redacted}`;
      if (equals === -1 || !secrets.addresses?.includes(name) || depth > 0) return pair;
      const address = decodedQueryPart(pair.slice(equals + 1));
      const shown = loggedAddress(address, {}, depth + 1);
      return shown === address ? pair : `${rawName}=${shown.split(redacted).map(encodeURIComponent).join(redacted)}`;
    })
    .join('&');
}

/**
 * A request's address as the log shows it: as it came, unless the route it reached (`addressSecrets`
 * in its config) or the page it names (`secretPages`) carries a secret, which is then replaced,
 * however the address was spelled (percent-encoded letters, `//`, `/./`, `..`, absolute form):
 * a log reader cannot open a quote, reset a password or follow a confirmation with it.
 */
export function loggedAddress(target: string, route: { pattern?: string; secrets?: AddressSecrets }, depth = 0): string {
  const { path, query } = splitTarget(target);
  const segments = segmentsOf(path);
  const found = secretsOf(segments, route);
  if (!found) return target;
  const names = found.pattern.split('/').filter(Boolean);
  // A route the router reached by a spelling these segments do not follow is shown as its pattern.
  const shownSegments = found.prefix === 0 && !matches(segments, found.pattern) ? names : segments;
  const shownPath = shownSegments
    .map((segment, index) => {
      const name = index >= found.prefix ? names[index - found.prefix] : undefined;
      return name?.startsWith(':') && found.secrets.params?.includes(name.slice(1)) ? redacted : encodeURIComponent(segment);
    })
    .join('/');
  const trailingSlash = path.length > 1 && path.endsWith('/') ? '/' : '';
  return `/${shownPath}${trailingSlash}${query === undefined ? '' : `?${loggedQuery(query, found.secrets, depth)}`}`;
}
