/**
 * The page's schema.org data for search engines, as the server wrote it: inert JSON (it never
 * runs, so the Content-Security-Policy has nothing to allow), `<` escaped so no text closes it.
 */
export function StructuredData({ data }: { data: readonly Record<string, unknown>[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll('<', '\\u003c') }} />;
}
