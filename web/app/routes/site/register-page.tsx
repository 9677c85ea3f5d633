import { useTranslation } from 'react-i18next';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { RegisterForm } from '#web/features/auth/components/register-form.tsx';

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
