import { useParams } from 'react-router';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { SignOutButton } from '#web/features/auth/components/sign-out-button.tsx';
import { PublicQuote } from '#web/features/quotes/components/public-quote.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** /presupuesto/<secret>: the quote a mailed link opens, to accept (pay) or decline, with or without an account. */
export default function QuotePage() {
  const { t } = useTranslation('quotes');
  const { token = '' } = useParams();
  return (
    <>
      <PageMeta title={t('link.meta.title')} description={t('link.meta.description')} />
      <PageHeader title={t('link.title')} subtitle={t('link.subtitle')} />
      <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
        <PublicQuote token={token} signOut={<SignOutButton />} />
      </div>
    </>
  );
}
