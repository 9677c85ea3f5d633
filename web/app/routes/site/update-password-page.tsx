import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** Reached from the reset mail: Better Auth adds ?token=…, or ?error=… for a link that no longer works. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const token = search.get('error') ? null : search.get('token');
  return (
    <>
      <PageMeta title={t('updatePassword.title')} description={t('updatePassword.metaDescription')} />
      <AuthCard title={t('updatePassword.title')} subtitle={t('updatePassword.subtitle')}>
        {token ? (
          <NewPasswordForm token={token} />
        ) : (
          <div role="alert" className="space-y-4">
            <p className="text-sm text-red-800">{t('updatePassword.missingLink')}</p>
            <Button asChild variant="outline">
              <Link to="/acceder?recuperar=1">{t('updatePassword.requestNew')}</Link>
            </Button>
          </div>
        )}
      </AuthCard>
    </>
  );
}
