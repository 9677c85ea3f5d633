import Markdown, { type Components } from 'react-markdown';

const proseClassName = [
  'leading-relaxed text-slate-700',
  '[&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-brand-900 md:[&_h1]:text-4xl',
  '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-brand-900 md:[&_h2]:text-2xl',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-900',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_em]:text-slate-600',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm',
].join(' ');

/** Markdown written by the firm (legal texts, news), as readable prose. Raw HTML is never rendered. */
export function MarkdownProse({ markdown, components }: { markdown: string; components?: Components }) {
  return (
    <div className={proseClassName}>
      <Markdown components={components}>{markdown}</Markdown>
    </div>
  );
}
