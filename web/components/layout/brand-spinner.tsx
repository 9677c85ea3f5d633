import { useFirm } from '#web/lib/firm.ts';

/** Full-screen wait while the session and the first screen load. Texts here cannot be translated yet. */
export function BrandSpinner() {
  const firm = useFirm();
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-white">
      <span className="h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800" aria-hidden />
      <span className="text-lg font-semibold tracking-wide text-brand-800">{firm.brandName}</span>
    </div>
  );
}
