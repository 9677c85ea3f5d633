import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cookieConsent } from '#web/lib/cookie-consent.ts';
import { useFirm } from '#web/lib/firm.ts';

const legalLinks = [
  { to: '/aviso-legal', key: 'legal.legalNotice' },
  { to: '/politica-de-privacidad', key: 'legal.privacyPolicy' },
  { to: '/politica-de-cookies', key: 'legal.cookiesPolicy' },
  { to: '/condiciones-de-uso', key: 'legal.termsOfUse' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const firm = useFirm();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="space-y-2">
          <p className="text-lg font-semibold text-white">{firm.brandName}</p>
          <p className="max-w-sm text-sm text-brand-100">{t('footer.tagline')}</p>
          <a
            href={firm.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 text-sm text-white underline-offset-4 hover:underline"
          >
            <Share2 className="h-4 w-4" aria-hidden />
            {t('footer.social')}
          </a>
        </div>
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
      <div className="border-t border-brand-800 py-4 text-center text-xs text-brand-100">
        {t('footer.copyright', { year, brand: firm.legalName })}
      </div>
    </footer>
  );
}
