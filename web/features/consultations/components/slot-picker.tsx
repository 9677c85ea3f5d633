import { useId, useState, type ReactNode } from 'react';
import { meetingModes, type MeetingMode } from '#common/consultations/consultations.contract.ts';
import { firmDay } from '#common/dates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useFreeSlots } from '../api/booking.queries.ts';
import { appointmentClock, browserTimeZone, madridDate, shortMadridDay } from '../appointment-time.ts';

/** How many days the picker shows at once. */
const windowDays = 14;

const plusDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A choice drawn as a pill: a real radio button (arrow keys, screen readers), visually hidden behind its label. */
function Pill({
  name,
  value,
  isChecked,
  onSelect,
  label,
  children,
}: {
  name: string;
  value: string;
  isChecked: boolean;
  onSelect: () => void;
  /** The full words for a screen reader, when the pill shows them short. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <label className="relative shrink-0 cursor-pointer">
      <input type="radio" name={name} value={value} checked={isChecked} onChange={onSelect} aria-label={label} className="peer sr-only" />
      <span className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-center text-sm text-slate-800 peer-checked:border-brand-800 peer-checked:bg-brand-800 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 hover:border-brand-700">
        {children}
      </span>
    </label>
  );
}

/**
 * The free slots of the scheduled consultation, two weeks at a time: a day, then one of its times,
 * each in Madrid time and, when the browser's zone reads differently, in the client's own.
 */
export function SlotPicker({ value, onChange }: { value: string | null; onChange: (startsAt: string | null) => void }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const name = useId();
  const [today] = useState(() => firmDay(new Date()));
  const [zone] = useState(browserTimeZone);
  const [page, setPage] = useState(0);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const from = plusDays(today, page * windowDays);
  const slots = useFreeSlots({ from, to: plusDays(from, windowDays - 1) });

  const byDay = new Map<string, string[]>();
  for (const slot of slots.data?.slots ?? []) {
    const day = firmDay(new Date(slot));
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  // The first day with a free time is open from the start, so its times are in view at once.
  const day = chosenDay && byDay.has(chosenDay) ? chosenDay : ([...byDay.keys()][0] ?? null);
  const move = (step: number) => {
    setPage(page + step);
    setChosenDay(null);
    onChange(null);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('picker.madridTime')}</p>
      <QueryState
        query={slots}
        loading={t('picker.loading')}
        failure={t('picker.failed')}
        empty={<p className="text-slate-700">{t('picker.noSlots')}</p>}
        isEmpty={() => byDay.size === 0}
      >
        {() => (
          <fieldset>
            <legend className="mb-2 font-medium text-slate-900">{t('picker.days')}</legend>
            {/* One row of compact days that scrolls sideways: on a phone the times stay in view below it. */}
            <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
              {[...byDay.keys()].map((key) => {
                const noon = new Date(`${key}T12:00:00Z`);
                const short = shortMadridDay(noon, language);
                return (
                  <Pill
                    key={key}
                    name={`${name}-day`}
                    value={key}
                    isChecked={key === day}
                    label={madridDate(noon, language)}
                    onSelect={() => {
                      setChosenDay(key);
                      onChange(null);
                    }}
                  >
                    <span className="block text-xs first-letter:uppercase">{short.weekday}</span>
                    <span className="block whitespace-nowrap font-semibold">{short.day}</span>
                  </Pill>
                );
              })}
            </div>
          </fieldset>
        )}
      </QueryState>
      {day ? (
        <fieldset>
          <legend className="mb-2 font-medium text-slate-900">{t('picker.times')}</legend>
          <div className="flex flex-wrap gap-2">
            {(byDay.get(day) ?? []).map((slot) => {
              const clock = appointmentClock(new Date(slot), language, zone);
              return (
                <Pill key={slot} name={`${name}-time`} value={slot} isChecked={slot === value} onSelect={() => onChange(slot)}>
                  <span className="font-semibold">{clock.madrid}</span>
                  {clock.local ? <span className="block text-xs">{t('picker.yourTime', { time: clock.local.time, zone: clock.local.zone })}</span> : null}
                </Pill>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page === 0} onClick={() => move(-1)}>
          {t('picker.earlier')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => move(1)}>
          {t('picker.later')}
        </Button>
      </div>
    </div>
  );
}

/** Video call, phone, or at the office in Elche. */
export function MeetingModeField({ value, onChange }: { value: MeetingMode | null; onChange: (mode: MeetingMode) => void }) {
  const { t } = useTranslation('booking');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-slate-900">{t('picker.mode')}</legend>
      <div className="space-y-2">
        {meetingModes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-slate-800">
            <input type="radio" name={name} value={mode} checked={value === mode} onChange={() => onChange(mode)} className="h-4 w-4 accent-brand-800" />
            {t(`modes.${mode}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
