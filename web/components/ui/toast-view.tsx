import { CircleAlert, CircleCheck, X, type LucideIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { currentToastId, publish, useActiveToast, type ToastOptions } from './toast.tsx';

const variantClasses = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-600 bg-green-50 text-green-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

// An icon rather than an emoji in the title: emoji fonts are missing on many systems, lucide's SVGs never are.
const variantIcons: Record<NonNullable<ToastOptions['variant']>, LucideIcon | null> = {
  default: null,
  success: CircleCheck,
  destructive: CircleAlert,
};

const defaultToastDuration = 5000;

/** The one toast on screen, announced to screen readers in its region. */
export default function ToastView() {
  const { t } = useTranslation();
  const active = useActiveToast();
  const Icon = active ? variantIcons[active.variant ?? 'default'] : null;
  return (
    <ToastPrimitive.Provider duration={defaultToastDuration} swipeDirection="right" swipeThreshold={50} label={t('toast.label')}>
      {active ? (
        <ToastPrimitive.Root
          key={active.id}
          duration={active.duration ?? defaultToastDuration}
          onOpenChange={(open) => {
            if (!open && currentToastId() === active.id) publish(null);
          }}
          className={cn(
            'relative grid gap-1 rounded-md border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none',
            variantClasses[active.variant ?? 'default'],
          )}
        >
          <ToastPrimitive.Title className="flex items-start gap-2 text-sm font-semibold">
            {Icon ? <Icon className="mt-px h-4 w-4 shrink-0" aria-hidden /> : null}
            {active.title}
          </ToastPrimitive.Title>
          {active.description ? (
            <ToastPrimitive.Description className={cn('text-sm opacity-90', Icon && 'pl-6')}>{active.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close aria-label={t('actions.close')} className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        label={t('toast.region')}
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
