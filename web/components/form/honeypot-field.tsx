import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '#web/lib/translation.tsx';

/** A field that people never see nor reach, and that bots fill in; the server drops what fills it. */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('intake');
  return (
    <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t('honeypot.label')}
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
