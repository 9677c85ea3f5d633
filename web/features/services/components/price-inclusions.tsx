import { priceTermKeys, type PriceInclusions } from '#common/services/price-inclusions.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/**
 * What a price includes and leaves out, from the service's data (common/services/price-inclusions.ts):
 * the same lines on the card, the start page and the checkout, as the invoice states them.
 */
export function PriceInclusionsList({ inclusions, className }: { inclusions: PriceInclusions; className?: string }) {
  const { t } = useTranslation('services');
  return (
    <ul aria-label={t('terms.title')} className={cn('text-sm text-slate-600', className)}>
      {priceTermKeys(inclusions).map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}
