import { createContext, useContext } from 'react';
import { defaultFirm, type Firm } from '#common/firm.ts';

/** The server validated these values at boot (server/config/env.ts) before writing them into the page. */
function readFirm(): Firm {
  if (typeof document === 'undefined') return defaultFirm;
  const text = document.getElementById('firm-data')?.textContent;
  return text ? { ...defaultFirm, ...(JSON.parse(text) as Partial<Firm>) } : defaultFirm;
}

/** The server renders with its configured firm; the browser reads the same from the page. */
export const FirmContext = createContext<Firm>(readFirm());

/** The firm's identity as the server configured it (FIRM_* variables). */
export function useFirm(): Firm {
  return useContext(FirmContext);
}
