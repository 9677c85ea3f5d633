import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';

/**
 * The firm's prose on a public page (a legal text, an article): read without a script, so the
 * Markdown renderer (react-markdown, 35 KB) loads when the visitor reaches for the text.
 */
export const MarkdownProseOnIntent = hydrateOnIntent(() => import('./markdown-prose.tsx').then((module) => module.MarkdownProse));
