import { cleanup, configure, render, screen, within, type RenderResult } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Role, Session } from '#common/auth/auth.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Catalog } from '#common/i18n/translate.ts';
import { createQueryClient, Providers } from '#web/app/providers.tsx';
import { setupI18n } from '#web/lib/i18n.ts';
import { sessionKeys } from '#web/lib/session.ts';
import { fulfilled, TranslationsContext, type Translations } from '#web/lib/translation.tsx';
import { catalogsUrl } from 'virtual:catalogs';

// A person's wait for the page to answer, on a machine busy with other tests.
configure({ asyncUtilTimeout: 5000 });

// Each test of a file starts on an empty page and the real network. The toast store is the
// module's: a test's toast replaces the one before it, as on the site.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const catalogs = import.meta.glob<Catalog>('../../common/i18n/locales/*/*.json', { eager: true, import: 'default' });

function catalogOf(language: Language, namespace: string): Catalog | undefined {
  return catalogs[`../../common/i18n/locales/${language}/${namespace}.json`];
}

/** The page's translations as the browser has them once every namespace is loaded. */
function loadedTranslations(language: Language): Translations {
  return {
    language,
    catalog: (namespace) => catalogOf(language, namespace),
    load(namespace) {
      const catalog = catalogOf(language, namespace);
      if (!catalog) throw new Error(`missing catalog ${language}/${namespace}`);
      return fulfilled(catalog);
    },
  };
}

/** What the API answers to one request: a status and a JSON body, as the server's routes do. */
export type ApiAnswer = { status: number; body?: unknown };

/**
 * The network of a component test: the catalogs from their files, and the API's answers from the
 * test (each request is recorded, so a test sees what the form sent).
 */
function network(answer: (request: Request) => ApiAnswer | Promise<ApiAnswer>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    const catalog = new RegExp(`^/?${catalogsUrl.replace(/^\//, '')}/([a-z]+)/([a-z-]+)\\.json$`).exec(path.replace(/^\//, ''));
    if (catalog) {
      const found = catalogOf(catalog[1] as Language, catalog[2] ?? '');
      return Promise.resolve(found ? Response.json(found) : new Response(null, { status: 404 }));
    }
    requests.push(request);
    return Promise.resolve(answer(request)).then(({ status, body }) => (body === undefined ? new Response(null, { status }) : Response.json(body, { status })));
  });
  return requests;
}

/**
 * Renders a component as the site does (its texts, the query client with the failure policy, a
 * router and the toasts) in the browser that happy-dom gives the test, with a person to act on it;
 * `role` signs that person in (the back office's parts show what the role may use).
 */
export async function renderPage(
  ui: ReactNode,
  {
    language = 'es',
    path = '/',
    answer = () => ({ status: 204 }),
    role,
  }: { language?: Language; path?: string; answer?: (request: Request) => ApiAnswer | Promise<ApiAnswer>; role?: Role } = {},
): Promise<RenderResult & { requests: Request[]; user: UserEvent }> {
  const requests = network(answer);
  await setupI18n(language);
  const queryClient = createQueryClient();
  // Signed in from the start, as the session the page loaded with (a staff role with its second factor).
  if (role) {
    const user = { id: 'u-1', email: 'marta@despacho.example', firstName: 'Marta', lastName: 'Ruiz', role, hasTwoFactor: role !== 'user', isTwoFactorSetupRequired: false };
    queryClient.setQueryData<Session>(sessionKeys.all, { user });
  }
  const result = render(
    <TranslationsContext value={loadedTranslations(language)}>
      <Providers queryClient={queryClient} isRenderedOnServer={false}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Providers>
    </TranslationsContext>,
  );
  // Keys typed without a pause between them: what is checked is what the form does with them. The
  // pointer check is off: happy-dom does not compute the pointer-events a Radix dialog gives back to its content.
  return Object.assign(result, { requests, user: userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never }) });
}

/** The toast on screen as docs/product/messages.md writes it: 'title — description'. */
export async function toastText(): Promise<string> {
  // The toasts' view loads with the first toast (web/components/ui/toast.tsx); an open dialog
  // hides the rest of the page from assistive technology, the toasts' region included.
  const region = await screen.findByRole('region', { name: /F8/, hidden: true }, { timeout: 5000 });
  const toast = await within(region).findByRole('listitem', { hidden: true });
  return [...toast.querySelectorAll(':scope > div')].map((part) => part.textContent).join(' — ');
}
