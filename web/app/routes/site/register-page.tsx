import { PageMeta } from '#web/components/page/page-meta.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { RegisterForm } from '#web/features/auth/components/register-form.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageMeta title={t('register.title')} description={t('register.metaDescription')} />
      <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
        <RegisterForm />
      </AuthCard>
    </>
  );
}
