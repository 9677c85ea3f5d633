/** A paragraph, or the items of a list. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const listItem = /^- +/;

/**
 * The firm's plain texts as blocks: a blank line ends a paragraph, lines starting with '- ' are
 * the items of a list, and a paragraph's lines are one text.
 */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (listItem.test(line)) {
      endParagraph();
      const last = blocks.at(-1);
      const item = line.replace(listItem, '');
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else if (line === '') endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}
