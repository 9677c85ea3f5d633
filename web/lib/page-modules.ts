import { createContext } from 'react';

/**
 * On the server, where each rendered page notes the route modules it drew, as Vite's manifest
 * names them (`app/routes/site/contact-page.tsx`): the page's HTML then asks for their chunks with
 * the entry's, not once the entry has run (server/platform/page-scripts.ts). The browser notes nothing.
 */
export const PageModulesContext = createContext<Set<string> | null>(null);
