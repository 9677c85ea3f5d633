import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

// Its code (the form's library and its checks) loads when the visitor is about to fill it in.
const ExpatriationForm = hydrateOnIntent(() => import('#web/features/consultations/components/expatriation-form.tsx').then((module) => module.ExpatriationForm));

export default function ExpatriationConsultationPage() {
  const { t } = useTranslation('consultations');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('header.title')} subtitle={t('header.subtitle')} />
      <div className="mx-auto max-w-3xl px-4 py-12 md:py-16">
        <ExpatriationForm />
      </div>
    </>
  );
}
