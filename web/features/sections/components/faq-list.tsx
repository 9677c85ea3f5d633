import type { SectionTexts } from '#common/sections/sections.contract.ts';

/** The page's questions, each answer shown under it (search engines read them as the page's FAQ). */
export function FaqList({ faq }: { faq: SectionTexts['faq'] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faq.map((entry, index) => (
        <div key={index} className="p-5">
          <h3 className="font-semibold text-slate-900">{entry.question}</h3>
          <p className="mt-2 text-slate-700">{entry.answer}</p>
        </div>
      ))}
    </div>
  );
}
