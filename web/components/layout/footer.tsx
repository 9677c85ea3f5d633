import { Clock, Mail, MapPin, Phone, Share2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeOpeningHours, parseOpeningHours } from '#common/opening-hours.ts';
import { sectionAddresses, sectionIds } from '#common/sections/section-addresses.ts';
import { cookieConsent } from '#web/lib/cookie-consent.ts';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

const legalLinks = [
  { to: '/aviso-legal', key: 'legal.legalNotice' },
  { to: '/politica-de-privacidad', key: 'legal.privacyPolicy' },
  { to: '/politica-de-cookies', key: 'legal.cookiesPolicy' },
  { to: '/condiciones-de-uso', key: 'legal.termsOfUse' },
] as const;

const linkClass = 'text-white underline-offset-4 hover:underline';

function ContactLine({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    // A <dl> holds only <dt>/<dd> groups (each in a <div>): the icon sits in the term.
    <div className="flex gap-3">
      <dt className="mt-0.5 shrink-0">
        <Icon className="h-4 w-4 text-accent-400" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** 'Lunes a viernes: 9:00–14:00 y 16:00–19:00', one line per group of days of FIRM_HOURS. */
function useOpeningHoursLines(hours: string): string[] {
  const { t } = useTranslation();
  const language = useLanguage();
  return describeOpeningHours(parseOpeningHours(hours) ?? [], language).map(({ from, to, times }) => {
    const line = t('footer.hours.line', { days: to ? t('footer.hours.dayRange', { from, to }) : from, times });
    return line.charAt(0).toLocaleUpperCase(language) + line.slice(1);
  });
}

/** The firm's address, phone, e-mail and hours on every page, from its configured identity. */
function FirmContact() {
  const { t } = useTranslation();
  const firm = useFirm();
  const hours = useOpeningHoursLines(firm.hours);
  // A plain link to a maps search: the CSP allows no third-party frame for an embedded map.
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(firm.address)}`;
  return (
    <section aria-labelledby="footer-contact-title" className="text-sm">
      <h2 id="footer-contact-title" className="font-semibold text-white">
        {t('footer.contactTitle')}
      </h2>
      <dl className="mt-3 space-y-3 text-brand-50">
        <ContactLine icon={MapPin} label={t('footer.address')}>
          <address className="not-italic">{firm.address}</address>
          <a href={mapUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} underline`}>
            {t('footer.map')}
          </a>
        </ContactLine>
        <ContactLine icon={Phone} label={t('footer.phone')}>
          <a href={`tel:${firm.phone.replace(/\s/g, '')}`} className={linkClass}>
            {firm.phone}
          </a>
        </ContactLine>
        <ContactLine icon={Mail} label={t('footer.email')}>
          <a href={`mailto:${firm.email}`} className={linkClass}>
            {firm.email}
          </a>
        </ContactLine>
        <ContactLine icon={Clock} label={t('footer.hoursTitle')}>
          {hours.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </ContactLine>
      </dl>
    </section>
  );
}

/** Every section page, so that each is one step from any page, for visitors and crawlers alike. */
function SectionLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="footer-sections-title" className="text-sm">
      <h2 id="footer-sections-title" className="font-semibold text-white">
        {t('footer.sectionsTitle')}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {sectionIds.map((id) => (
          <li key={id}>
            <Link to={sectionAddresses[id]} className="text-brand-50 underline-offset-4 hover:underline">
              {t(`footer.sections.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const firm = useFirm();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="text-lg font-semibold text-white">{firm.brandName}</p>
          <p className="max-w-sm text-sm text-brand-100">{t('footer.tagline')}</p>
          <a href={firm.socialUrl} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-2 text-sm ${linkClass}`}>
            <Share2 className="h-4 w-4" aria-hidden />
            {t('footer.social')}
          </a>
        </div>
        <FirmContact />
        <SectionLinks />
        <nav aria-label={t('footer.legalNavigation')}>
          <ul className="flex flex-col gap-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-50 underline-offset-4 hover:underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => cookieConsent.openSettings()}
                className="text-brand-50 underline-offset-4 hover:underline"
              >
                {t('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-800 px-4 py-4 text-center text-xs text-brand-100">
        {/* 'Asesoría Elche S.L.' already ends the sentence: the text's own period is not doubled. */}
        {t('footer.copyright', { year, brand: firm.legalName.replace(/\.$/, '') })}
      </div>
    </footer>
  );
}
