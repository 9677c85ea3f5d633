import { useState, type FormEvent } from 'react';
import {
  notificationChannels,
  notificationKinds,
  requiredMails,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '#common/notifications/notifications.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSaveNotificationPreferences } from '../api/notifications.queries.ts';

/**
 * Per kind of notice, whether it comes by e-mail and as a browser notification (each channel a
 * group of choices, ADR 059), and the mails that always come, which no box turns off.
 */
export function NotificationPreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const [chosen, setChosen] = useState(preferences);
  const save = useSaveNotificationPreferences({ failureTitle: t('section.saveError') });

  const toggle = (kind: NotificationKind, channel: NotificationChannel, isOn: boolean) =>
    setChosen((current) => ({ ...current, [kind]: { ...current[kind], [channel]: isOn } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen, { onSuccess: () => toast({ title: t('section.saved'), variant: 'success' }) });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-6">
      {notificationChannels.map((channel, index) => (
        <fieldset key={channel}>
          <legend className="text-sm font-semibold text-slate-900">{t(`section.${channel}`)}</legend>
          <ul className="mt-3 space-y-3">
            {notificationKinds.map((kind) => (
              <li key={kind} className="flex items-start gap-3">
                <Checkbox
                  id={`notice-${kind}-${channel}`}
                  aria-describedby={`notice-${kind}-hint`}
                  checked={chosen[kind][channel]}
                  onChange={(event) => toggle(kind, channel, event.target.checked)}
                />
                <div>
                  <label htmlFor={`notice-${kind}-${channel}`} className="text-sm font-medium text-slate-900">
                    {t(`kinds.${kind}.label`)}
                  </label>
                  {/* The hint once, under the first channel; every box of the kind points to it. */}
                  {index === 0 ? (
                    <p id={`notice-${kind}-hint`} className="text-sm text-slate-600">
                      {t(`kinds.${kind}.hint`)}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="rounded-lg bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('section.requiredTitle')}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {requiredMails.map((mail) => (
            <li key={mail}>{t(`section.required.${mail}`)}</li>
          ))}
        </ul>
      </div>
      <Button type="submit" isBusy={save.isPending} busyLabel={t('section.saving')}>
        {t('section.save')}
      </Button>
    </form>
  );
}
