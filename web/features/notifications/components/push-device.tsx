import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { registerServiceWorker } from '#web/lib/service-worker.ts';
import { forgetPushSubscription, pushKey, savePushSubscription } from '../api/notifications.queries.ts';

type DeviceState = 'loading' | 'unsupported' | 'denied' | 'off' | 'on';

const canPush = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription() {
  const registration = await registerServiceWorker();
  return registration?.pushManager.getSubscription() ?? null;
}

/**
 * 'Avisos' on /perfil: turns this browser's notifications on or off (Web Push, ADR 059). The
 * boxes above choose which kinds come; this says whether this device gets them.
 */
export function PushDevice() {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<DeviceState>(() => (!canPush() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'loading'));
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!canPush() || Notification.permission === 'denied') return;
    void currentSubscription()
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch(() => setState('unsupported'));
  }, []);

  const enable = async () => {
    setIsBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const registration = await registerServiceWorker();
      if (!registration) return setState('unsupported');
      await navigator.serviceWorker.ready;
      const { publicKey } = await pushKey();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      await savePushSubscription(subscription.toJSON());
      setState('on');
    } catch {
      toast({ title: t('device.error'), variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  const disable = async () => {
    setIsBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await forgetPushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('device.title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('device.intro')}</p>
      {state === 'unsupported' || state === 'denied' ? (
        <p className="mt-3 text-sm text-slate-700" role="status">
          {t(`device.${state}`)}
        </p>
      ) : null}
      {state === 'on' ? (
        <>
          <p className="mt-3 text-sm text-slate-700" role="status">
            {t('device.enabled')}
          </p>
          <Button className="mt-3" variant="outline" isBusy={isBusy} busyLabel={t('device.enabling')} onClick={() => void disable()}>
            {t('device.disable')}
          </Button>
        </>
      ) : null}
      {state === 'off' ? (
        <Button className="mt-3" isBusy={isBusy} busyLabel={t('device.enabling')} onClick={() => void enable()}>
          {t('device.enable')}
        </Button>
      ) : null}
    </div>
  );
}
