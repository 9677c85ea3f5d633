import type { ReactNode } from 'react';

/** The centred card every account page sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="bg-brand-50 px-4 py-12 md:py-20">
      <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-700">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
