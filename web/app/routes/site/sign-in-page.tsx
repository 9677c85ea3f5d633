import { PageMeta } from '#web/components/page/page-meta.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { SignInForm } from '#web/features/auth/components/sign-in-form.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

export default function SignInPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageMeta title={t('login.title')} description={t('login.metaDescription')} />
      <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
        <SignInForm />
      </AuthCard>
    </>
  );
}
