/** What a crawler that runs no script reads: the text of an element, scripts and tags dropped. */
export const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The page's own content, inside the site's header and footer. */
export const mainOf = (body: string) => /<main id="main"[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';

export const headingOf = (body: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(mainOf(body))?.[1] ?? '');
