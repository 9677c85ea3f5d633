import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '#common/i18n/translate.ts';
import { settledMark, Trans, TranslationsContext, useTranslation, type Translations } from './translation.tsx';

/** Translations whose namespaces arrive a moment after they are asked for, as the browser's do. */
function arrivingLater(files: Record<string, Catalog>): Translations & { asked: string[] } {
  const loaded = new Map<string, Catalog>();
  const loads = new Map<string, Promise<unknown>>();
  const asked: string[] = [];
  return {
    language: 'en',
    asked,
    catalog: (namespace) => loaded.get(namespace),
    load(namespace) {
      let loading = loads.get(namespace);
      if (!loading) {
        asked.push(namespace);
        loading = settledMark(new Promise((resolve) => setTimeout(resolve, 10)).then(() => loaded.set(namespace, files[namespace] ?? {})));
        loads.set(namespace, loading);
      }
      return loading;
    },
  };
}

async function html(translations: Translations, element: ReactNode): Promise<string> {
  const { prelude } = await prerender(<TranslationsContext value={translations}>{element}</TranslationsContext>);
  return new Response(prelude).text();
}

function Counts() {
  const { t } = useTranslation(['admin', 'cases']);
  return (
    <p>
      {t('clients', { count: 2 })} / {t('cases:title')} / {t('common:ok')}
    </p>
  );
}

function Consent() {
  const { t } = useTranslation('intake');
  return <Trans t={t} i18nKey="consent" components={{ policy: <a href="/privacy" /> }} />;
}

describe('the React side of the translator', () => {
  it('waits for every namespace a component names, and looks up its keys in the first', async () => {
    const translations = arrivingLater({ admin: { clients_one: '{{count}} client', clients_other: '{{count}} clients' }, cases: { title: 'Cases' } });
    expect(await html(translations, <Counts />)).toBe('<p>2 clients<!-- --> / <!-- -->Cases<!-- --> / <!-- -->ok</p>');
    expect(translations.asked).toEqual(['admin', 'cases']);
  });

  it('draws the tagged words of a text with the component given for the tag', async () => {
    const translations = arrivingLater({ intake: { consent: 'I accept the <policy>privacy policy</policy> & the rest.' } });
    expect(await html(translations, <Consent />)).toBe('I accept the <a href="/privacy">privacy policy</a> &amp; the rest.');
  });
});
