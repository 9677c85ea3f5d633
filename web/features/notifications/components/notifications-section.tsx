import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useNotificationPreferences } from '../api/notifications.queries.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';
import { PushDevice } from './push-device.tsx';

/** 'Avisos' on /perfil (#avisos, where a mail's unsubscribe page points): which notices come by e-mail and as this browser's notifications. */
export function NotificationsSection() {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences({ failureTitle: t('section.loadError') });
  return (
    <section id="avisos" aria-labelledby="notifications-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="notifications-title" className="text-lg font-semibold text-brand-900">
        {t('section.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('section.intro')}</p>
      <QueryState query={preferences} loading={t('section.loading')} failure={t('section.loadError')} className="mt-4 text-sm">
        {(loaded) => <NotificationPreferencesForm preferences={loaded} />}
      </QueryState>
      <PushDevice />
    </section>
  );
}
