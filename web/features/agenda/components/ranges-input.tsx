import { Plus, Trash2 } from 'lucide-react';
import type { TimeRange } from '#common/agenda/firm-hours.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

type Message = { message?: string };
/** The form's errors for one day's ranges: each range's times, and the day's own (too many ranges). */
export type RangesErrors = (Message & { root?: Message; [index: number]: { opens?: Message; closes?: Message } | undefined }) | undefined;

const maxRanges = 6;

/** A range after the last one: an hour from its closing, or the morning of an empty day. */
function nextRange(ranges: TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { opens: '09:00', closes: '14:00' };
  const hour = Math.min(Number(last.closes.slice(0, 2)) + 1, 22);
  const at = (value: number) => `${String(value).padStart(2, '0')}:00`;
  return { opens: at(hour), closes: at(hour + 1) };
}

/**
 * The time ranges of one day (Madrid time): each with its opening and closing time and a button to
 * remove it, a button to add one; no range reads 'Cerrado'. `day` names the day in the buttons'
 * names, when it is known.
 */
export function RangesInput({ day, value, onChange, errors }: { day?: string; value: TimeRange[]; onChange: (ranges: TimeRange[]) => void; errors: RangesErrors }) {
  const { t } = useTranslation('firm-hours');
  const change = (index: number, key: keyof TimeRange, time: string) => onChange(value.map((range, at) => (at === index ? { ...range, [key]: time } : range)));
  const dayError = errors?.root?.message ?? errors?.message;
  return (
    <div className="space-y-2">
      {value.length === 0 ? <p className="text-sm text-slate-700">{t('closed')}</p> : null}
      {value.map((range, index) => (
        // The ranges have no identity of their own: their place is their key.
        <div key={index} role="group" aria-label={t('range', { n: index + 1 })} className="flex flex-wrap items-end gap-2">
          <FormField label={t('opens')} className="w-32" error={errors?.[index]?.opens?.message}>
            <Input type="time" value={range.opens} onChange={(event) => change(index, 'opens', event.target.value)} />
          </FormField>
          <FormField label={t('closes')} className="w-32" error={errors?.[index]?.closes?.message}>
            <Input type="time" value={range.closes} onChange={(event) => change(index, 'closes', event.target.value)} />
          </FormField>
          <Tooltip label={day ? t('removeRangeOn', { n: index + 1, day }) : t('removeRange', { n: index + 1 })}>
            <Button
              variant="ghostDanger"
              size="sm"
              aria-label={day ? t('removeRangeOn', { n: index + 1, day }) : t('removeRange', { n: index + 1 })}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
        </div>
      ))}
      {dayError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(dayError)}
        </p>
      ) : null}
      <Button variant="outline" size="sm" disabled={value.length >= maxRanges} aria-label={day ? t('addRangeOn', { day }) : undefined} onClick={() => onChange([...value, nextRange(value)])}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('addRange')}
      </Button>
    </div>
  );
}
