import { Link } from 'react-router';
import type { SectionLink } from '#common/sections/sections.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { offerPrice } from '../offer-price.ts';

/** The immigration hub's list of procedure pages: each with its summary and price. */
export function ProcedureLinks({ links }: { links: readonly SectionLink[] }) {
  const { t } = useTranslation(['sections', 'services']);
  const language = useLanguage();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {links.map((link) => {
        const price = link.offer ? offerPrice(link.offer, language, (amount) => t('services:price.from', { price: amount })) : null;
        return (
          <li key={link.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="text-lg font-semibold text-slate-900">{link.title}</h3>
            <p className="mt-1 font-semibold text-brand-800">{price ?? t('hub.onQuote')}</p>
            <p className="mt-2 text-sm text-slate-700">{link.summary}</p>
            <Link to={link.path} className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-800 underline-offset-4 hover:underline">
              {t('hub.more', { title: link.title })}
              <span aria-hidden>→</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
