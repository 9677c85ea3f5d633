import { Link } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t('notFound.title')} description={t('notFound.description')} />
      <p className="text-6xl font-bold text-brand-800">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.description')}</p>
      <Button asChild className="mt-8">
        <Link to="/">{t('actions.backHome')}</Link>
      </Button>
    </section>
  );
}
