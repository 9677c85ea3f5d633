import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminUnreadCases } from '../api/cases.admin.queries.ts';

/** Beside the Expedientes tab's name while some case holds a client's message or upload this admin has not seen. */
export function CasesUnreadCount() {
  const { t } = useTranslation('admin');
  const count = useAdminUnreadCases().data?.cases ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-brand-800 px-1.5 text-xs font-semibold leading-5 text-white">
        {count}
      </span>
      <span className="sr-only">{`, ${t('cases.unreadCases', { n: count })}`}</span>
    </>
  );
}
