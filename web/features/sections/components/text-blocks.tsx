import { textBlocks } from '../plain-text-blocks.ts';

/** One of the firm's plain texts as paragraphs and lists. */
export function TextBlocks({ text }: { text: string }) {
  return (
    <div className="space-y-4 text-slate-700">
      {textBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index} className="list-disc space-y-2 pl-6 marker:text-brand-700">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
