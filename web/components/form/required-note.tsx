import { useTranslation } from '#web/lib/translation.tsx';

export function RequiredNote() {
  const { t } = useTranslation('intake');
  return <p className="text-sm text-slate-600">{t('requiredNote')}</p>;
}
