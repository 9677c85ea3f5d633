import { Check, Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { officialStatusPageOf, officialStatusPages } from '#common/cases/official-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

const statusWords = ['inProcess', 'requerimiento', 'favourable', 'unfavourable'] as const;

/**
 * "Status at a click": with the file number the firm recorded, the administration's own status page
 * for this procedure and the number ready to copy; for the client (not `isForStaff`), also what that
 * page asks for and what its usual words mean.
 */
export function OfficialStatus({ serviceId, fileNumber, isForStaff = false }: { serviceId: string | null; fileNumber: string | null; isForStaff?: boolean }) {
  const { t } = useTranslation('cases');
  const [isCopied, setCopied] = useState(false);
  const page = officialStatusPageOf(serviceId);
  if (!page || !fileNumber) return null;
  // Under the case page's filing data (h2) for the firm; under the case's history (h3) for the client.
  const Heading = isForStaff ? 'h3' : 'h4';
  const copy = () =>
    void navigator.clipboard.writeText(fileNumber).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section aria-labelledby={`official-status-${fileNumber}`} className="mt-4 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      <Heading id={`official-status-${fileNumber}`} className="font-semibold text-slate-900">
        {t('officialStatus.title')}
      </Heading>
      {isForStaff ? null : <p className="text-slate-700">{t(`officialStatus.asks.${page}`)}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm">
          <a href={officialStatusPages[page]} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden />
            {t(`officialStatus.open.${page}`)}
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={copy}>
          {isCopied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {t('officialStatus.copy', { number: fileNumber })}
        </Button>
        <span role="status" className="text-slate-700">
          {isCopied ? t('officialStatus.copied') : ''}
        </span>
      </div>
      {isForStaff ? null : (
        <details>
          <summary className="cursor-pointer font-medium text-brand-800">{t('officialStatus.meaningTitle')}</summary>
          <dl className="mt-2 space-y-1">
            {statusWords.map((word) => (
              <div key={word}>
                <dt className="font-medium text-slate-900">{t(`officialStatus.words.${word}.term`)}</dt>
                <dd className="text-slate-700">{t(`officialStatus.words.${word}.meaning`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}
