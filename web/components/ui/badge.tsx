import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';

const tones = {
  green: 'bg-green-100 text-green-900 ring-green-600/30',
  yellow: 'bg-amber-100 text-amber-950 ring-amber-600/30',
  red: 'bg-red-100 text-red-900 ring-red-600/30',
  grey: 'bg-slate-200 text-slate-900 ring-slate-500/30',
  blue: 'bg-brand-100 text-brand-900 ring-brand-600/30',
} as const;

export type BadgeTone = keyof typeof tones;

/** A status pill: paid and completed green, waiting yellow, missing red, in progress grey, just bought blue. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tones[tone])}>{children}</span>;
}

/** Marks the item the client has just paid for, where the payment's return leads. */
export function JustBoughtBadge() {
  const { t } = useTranslation();
  return (
    <span className="ml-2 align-middle">
      <Badge tone="blue">{t('purchase.justBought')}</Badge>
    </span>
  );
}
