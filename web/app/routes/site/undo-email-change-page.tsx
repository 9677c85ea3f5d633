import { useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { UndoEmailChange } from '#web/features/auth/components/undo-email-change.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** Reached from the notice mailed to the address an account left: ?token=… undoes the change. */
export default function UndoEmailChangePage() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  return (
    <>
      <PageMeta title={t('undoEmailChange.title')} description={t('undoEmailChange.metaDescription')} />
      <AuthCard title={t('undoEmailChange.title')} subtitle={t('undoEmailChange.subtitle')}>
        <UndoEmailChange token={search.get('token')} />
      </AuthCard>
    </>
  );
}
