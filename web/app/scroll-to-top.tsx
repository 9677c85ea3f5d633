import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at its top, or at the anchor the link names (/servicios#consultas). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
