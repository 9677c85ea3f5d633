import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ExpatriationForm } from '#web/features/consultations/components/expatriation-form.tsx';

/** The guide is not written yet: the button says so and does nothing. */
function ExpatGuide() {
  const { t } = useTranslation('consultations');
  return (
    <aside aria-labelledby="expat-guide-title" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="expat-guide-title" className="text-xl font-bold text-slate-900">
        {t('guide.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('guide.text')}</p>
      <Button variant="outline" disabled className="mt-4 h-auto min-h-10 py-2">
        <FileDown className="h-5 w-5" aria-hidden />
        {t('guide.download')}
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{t('guide.comingSoon')}</span>
      </Button>
    </aside>
  );
}

export default function ExpatriationConsultationPage() {
  const { t } = useTranslation('consultations');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('header.title')} subtitle={t('header.subtitle')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:py-16 lg:grid-cols-[2fr_1fr]">
        <ExpatriationForm />
        <ExpatGuide />
      </div>
    </>
  );
}
