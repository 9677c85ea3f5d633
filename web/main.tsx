import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { languageBasename, splitLanguagePrefix } from '#common/site-addresses.ts';
import { AppRouter } from './app/router.tsx';
import { createQueryClient, Providers } from './app/providers.tsx';
import { setupI18n } from './lib/i18n.ts';
import { TranslationsContext, type Translations } from './lib/translation.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** The server's rendering of a public page brings the answers its queries were given (server/plugins/pages.ts). */
const pageData = document.getElementById('page-data')?.textContent;
const { language } = splitLanguagePrefix(window.location.pathname);
const queryClient = createQueryClient();
if (pageData) hydrate(queryClient, JSON.parse(pageData));

function App({ translations }: { translations: Translations }) {
  return (
    <StrictMode>
      <TranslationsContext value={translations}>
        <Providers queryClient={queryClient} isRenderedOnServer={Boolean(pageData)}>
          <AppRouter basename={languageBasename(language)} />
        </Providers>
      </TranslationsContext>
    </StrictMode>
  );
}

// The server's HTML was drawn with this language's catalogs: they must be loaded before hydration matches it.
void setupI18n(language).then((translations) => {
  if (pageData) hydrateRoot(root, <App translations={translations} />);
  else createRoot(root).render(<App translations={translations} />);
});
