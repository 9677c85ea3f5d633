import { useFirm } from '#web/lib/firm.ts';

/** React hoists these into <head>, during prerendering too. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const firm = useFirm();
  return (
    <>
      <title>{`${title} | ${firm.brandName}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
