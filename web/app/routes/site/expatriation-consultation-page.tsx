import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { ExpatriationForm } from '#web/features/consultations/components/expatriation-form.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

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
