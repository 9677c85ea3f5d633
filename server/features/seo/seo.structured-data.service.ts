import type { Firm } from '#common/firm.ts';
import { languages, type Language } from '#common/i18n/languages.ts';
import type { SectionPage } from '#common/sections/sections.contract.ts';
import { localizedPath } from '#common/site-addresses.ts';

type StructuredData = Record<string, unknown>;

type SectionStructuredDataInput = {
  page: Omit<SectionPage, 'structuredData'>;
  /** The site's language: the addresses named are this language's. */
  language: Language;
  firm: Firm;
  origin: string;
};

const context = 'https://schema.org';

/** The firm as the provider of every service. */
function legalService(firm: Firm, origin: string, language: Language): StructuredData {
  return {
    '@context': context,
    '@type': 'LegalService',
    '@id': `${origin}/#firm`,
    name: firm.brandName,
    legalName: firm.legalName,
    url: `${origin}${localizedPath('/', language)}`,
    telephone: firm.phone,
    email: firm.email,
    address: firm.address,
    areaServed: 'ES',
    knowsLanguage: [...languages],
  };
}

/** Prices are integer cents; schema.org wants the amount with a dot and the ISO currency. */
const amount = (cents: number) => (cents / 100).toFixed(2);

function service({ page, language, firm, origin }: SectionStructuredDataInput): StructuredData {
  const url = `${origin}${localizedPath(page.path, language)}`;
  const offer = page.offer;
  return {
    '@context': context,
    '@type': 'Service',
    name: page.texts.title,
    description: page.texts.summary,
    serviceType: page.texts.title,
    url,
    inLanguage: page.language,
    areaServed: { '@type': 'Country', name: 'ES' },
    provider: { '@id': `${origin}/#firm`, '@type': 'LegalService', name: firm.brandName },
    ...(offer && offer.priceCents !== null
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: amount(offer.priceCents),
            priceCurrency: offer.currency.toUpperCase(),
            availability: 'https://schema.org/InStock',
            ...(offer.isFromPrice ? { priceSpecification: { '@type': 'PriceSpecification', minPrice: amount(offer.priceCents), priceCurrency: offer.currency.toUpperCase() } } : {}),
          },
        }
      : {}),
  };
}

function faqPage({ page }: SectionStructuredDataInput): StructuredData[] {
  if (page.texts.faq.length === 0) return [];
  return [
    {
      '@context': context,
      '@type': 'FAQPage',
      inLanguage: page.language,
      mainEntity: page.texts.faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
    },
  ];
}

/** Home › (Extranjería ›) the page. */
function breadcrumbList({ page, language, origin }: SectionStructuredDataInput): StructuredData {
  const crumbs = [...page.breadcrumb.map((crumb) => ({ name: crumb.title, path: crumb.path })), { name: page.texts.title, path: page.path }];
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: `${origin}${localizedPath(crumb.path, language)}` })),
  };
}

/**
 * A section page's structured data, as Google's rich results read it: the firm (LegalService),
 * the service with its offer and price when it has one, the page's questions (FAQPage) and where it
 * sits in the site (BreadcrumbList).
 */
export function sectionStructuredData(input: SectionStructuredDataInput): StructuredData[] {
  return [legalService(input.firm, input.origin, input.language), service(input), ...faqPage(input), breadcrumbList(input)];
}
