import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A titled part of a section page, reachable by its anchor. */
export function SectionBlock({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-16 py-10 md:py-14', className)}>
      <div className="mx-auto max-w-4xl px-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 md:text-3xl">
          {title}
        </h2>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
