import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A native checkbox, so react-hook-form's register() works with it as is. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('mt-0.5 h-4 w-4 shrink-0 accent-brand-800', className)} {...props} />;
}
