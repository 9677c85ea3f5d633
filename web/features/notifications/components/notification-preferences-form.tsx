import { useState, type FormEvent } from 'react';
import { notificationKinds, requiredMails, type NotificationKind, type NotificationPreferences } from '#common/notifications/notifications.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSaveNotificationPreferences } from '../api/notifications.queries.ts';

/**
 * Per kind of notice, whether it comes by e-mail (each channel a column of choices: the browser's
 * notifications will be the next), and the mails that always come, which no box turns off.
 */
export function NotificationPreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const [chosen, setChosen] = useState(preferences);
  const save = useSaveNotificationPreferences({ failureTitle: t('section.saveError') });

  const toggle = (kind: NotificationKind, isOn: boolean) => setChosen((current) => ({ ...current, [kind]: { ...current[kind], email: isOn } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen, { onSuccess: () => toast({ title: t('section.saved'), variant: 'success' }) });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('section.email')}</legend>
        <ul className="mt-3 space-y-3">
          {notificationKinds.map((kind) => (
            <li key={kind} className="flex items-start gap-3">
              <Checkbox
                id={`notice-${kind}-email`}
                aria-describedby={`notice-${kind}-hint`}
                checked={chosen[kind].email}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              <div>
                <label htmlFor={`notice-${kind}-email`} className="text-sm font-medium text-slate-900">
                  {t(`kinds.${kind}.label`)}
                </label>
                <p id={`notice-${kind}-hint`} className="text-sm text-slate-600">
                  {t(`kinds.${kind}.hint`)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
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
