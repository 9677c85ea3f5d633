import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const fieldControlClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 read-only:bg-slate-50 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldControlClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldControlClass, className)} rows={rows} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldControlClass, 'h-10', className)} {...props} />;
}
