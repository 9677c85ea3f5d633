import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

type FormFieldProps = {
  label: ReactNode;
  /** A message key from a zod contract (`validation:required`) or an already translated text. */
  error?: string;
  hint?: ReactNode;
  isRequired?: boolean;
  className?: string;
  children: ReactElement<ControlProps>;
};

/** Label, control, hint and translated error, wired together for assistive technology. */
export function FormField({ label, error, hint, isRequired, className, children }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex gap-1 text-sm font-medium text-slate-900">
        <label htmlFor={id}>{label}</label>
        {isRequired ? (
          <span className="text-red-700" aria-hidden>
            *
          </span>
        ) : null}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': isRequired || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  error?: string;
  children: ReactElement<ControlProps>;
};

/** A checkbox with its label beside it (consent, terms) and its translated error. */
export function CheckboxField({ label, error, children }: CheckboxFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        {cloneElement(children, {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
