import { useLocation } from 'react-router';

/** Staff answer the chat in the back office's own tab: the widget stays out of /admin. */
export function useIsChatWidgetShown(): boolean {
  return !useLocation().pathname.startsWith('/admin');
}
