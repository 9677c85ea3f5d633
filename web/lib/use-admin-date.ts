import { formatAdminDateTime } from '#common/dates.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** 'd MMM yyyy, HH:mm' in the admin's language, on the firm's clock. */
export function useAdminDate(): (value: string) => string {
  const language = useLanguage();
  return (value) => formatAdminDateTime(value, language);
}
